package dev.codeexec.pii;

import java.util.List;

/** The recognizers shipped with the server, one per entity type. */
public final class BuiltInRecognizers {

    private BuiltInRecognizers() {
    }

    public static List<Recognizer> all() {
        return List.of(new EmailRecognizer(), new PhoneRecognizer(), new CreditCardRecognizer(),
                new IbanRecognizer(), new IpAddressRecognizer(), new UrlRecognizer(), new UsSsnRecognizer(),
                new UsItinRecognizer(), new UsBankNumberRecognizer(), new UsDriverLicenseRecognizer(),
                new UsPassportRecognizer(), new UkNhsRecognizer(), new UkNinoRecognizer(), new CryptoRecognizer(),
                new MacAddressRecognizer(), new DateOfBirthRecognizer(), new AwsAccessKeyRecognizer(),
                new GithubTokenRecognizer(), new SlackTokenRecognizer(), new JwtRecognizer(),
                new PrivateKeyRecognizer(), new SecretAssignmentRecognizer());
    }
}
