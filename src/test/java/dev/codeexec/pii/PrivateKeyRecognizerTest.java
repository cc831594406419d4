package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** PEM blocks span lines, which a CSV table cannot hold. */
class PrivateKeyRecognizerTest {

    private static final Analyzer ANALYZER = new Analyzer(BuiltInRecognizers.all());
    private static final String KEY = "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM\n"
            + "kRG0yTNFVAkXKAAFQxWzjqP9TJDbLtbvA5KJ+6IUgSh0ZVWsQ+P1a/6jd9Y9/Q==\n-----END RSA PRIVATE KEY-----";

    @Test
    void wholePemBlockIsOneFinding() {
        String text = "config:\n" + KEY + "\nend";
        List<Finding> found = ANALYZER.analyze(text, Set.of("PRIVATE_KEY"), 0.5);
        assertEquals(1, found.size());
        assertEquals(KEY, text.substring(found.get(0).start(), found.get(0).end()));
    }

    @Test
    void publicKeyAndUnterminatedBlockAreNotPrivateKeys() {
        String pub = "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOC\n-----END PUBLIC KEY-----";
        String open = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5CB04fSeQ6tF1aY";
        assertTrue(ANALYZER.analyze(pub + "\n" + open, Set.of("PRIVATE_KEY"), 0.0).isEmpty());
    }

    @Test
    void mismatchedEndLineIsRejected() {
        String text = "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END EC PRIVATE KEY-----";
        assertTrue(ANALYZER.analyze(text, Set.of("PRIVATE_KEY"), 0.0).isEmpty());
    }
}
