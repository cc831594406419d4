package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * For generated mixes of PII, token-shaped literals and noise: restoring the sanitized text gives the
 * input back exactly, and the sanitized text contains none of the detected values.
 */
@Execution(ExecutionMode.CONCURRENT)
class RoundTripPropertyTest {

    private final PiiService pii = TestPii.service();

    @Property(tries = 300)
    void restoreOfSanitizeIsIdentityAndHidesValues(@ForAll("mixedText") String text, @ForAll("session") String session) {
        SanitizeResult sanitized = pii.sanitize(new SanitizeRequest(text), session);
        assertEquals(text, pii.restore(sanitized.text(), session).text());
        for (SanitizeResult.Entity e : sanitized.entities()) {
            String value = text.substring(e.start(), e.end());
            assertFalse(sanitized.text().contains(value), () -> e.type() + " value still present");
        }
    }

    @Provide
    Arbitrary<String> session() {
        return Arbitraries.of("s1", "s2", "s3");
    }

    @Provide
    Arbitrary<String> mixedText() {
        Arbitrary<String> pii = Arbitraries.of(List.of("jane.doe@example.com", "+44 20 7946 0958",
                "4111 1111 1111 1111", "GB82 WEST 1234 5698 7654 32", "192.168.1.20", "https://example.com/x",
                "SSN 536-22-1234", "AKIAQ3XJ7RM2VBNK4LPT", "password=Xk9#mQ2$vL7pR4tZ", "00:1A:2B:3C:4D:5E",
                "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "<EMAIL_ADDRESS_1>", "<PII_TOKEN_1>", "<URL_2>", "<X_>"));
        Arbitrary<String> noise = Arbitraries.strings().withChars("abc xyz0123456789.-@:<>_/\n\u00e9\ud83d\ude00")
                .ofMaxLength(20);
        Arbitrary<String> piece = Arbitraries.oneOf(pii, noise, Arbitraries.of(" ", ", ", "\n", "<", ">"));
        return piece.list().ofMaxSize(12).map(parts -> String.join("", parts));
    }

    @Property(tries = 100)
    void sameValueKeepsItsTokenAcrossCalls(@ForAll("email") String email) {
        String first = pii.sanitize(new SanitizeRequest("to " + email), "stable").entities().get(0).token();
        String again = pii.sanitize(new SanitizeRequest(email + " again"), "stable").entities().get(0).token();
        assertEquals(first, again);
    }

    @Provide
    Arbitrary<String> email() {
        return Combinators.combine(Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(8),
                Arbitraries.of("example.com", "example.org")).as((user, domain) -> user + "@" + domain);
    }
}
