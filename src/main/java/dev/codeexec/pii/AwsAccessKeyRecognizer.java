package dev.codeexec.pii;

import java.util.List;

/** AWS_ACCESS_KEY: access key ids, a four-letter kind prefix (AKIA, ASIA, ...) and 16 base32 characters. */
public final class AwsAccessKeyRecognizer implements Recognizer {

    private static final String[] PREFIXES = {"AKIA", "ASIA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "ABIA"};
    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("key-id", "(?:" + String.join("|", PREFIXES) + ")[A-Z2-7]{16}", 0.9));

    @Override
    public String entity() {
        return "AWS_ACCESS_KEY";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("aws", "access key", "amazon", "iam");
    }

    @Override
    public Trigger trigger() {
        return Trigger.literal(PREFIXES);
    }

    @Override
    public int maxLength() {
        return 20;
    }

    /** The trigger is the key's prefix. */
    @Override
    public int maxLead() {
        return 0;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        // AWS's own documentation example is not a secret.
        return candidate.endsWith("EXAMPLE") ? Verdict.INVALID : Verdict.PLAUSIBLE;
    }

    /** Upper-case letters and digits. */
    @Override
    public boolean inMatch(int c) {
        return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z';
    }
}
