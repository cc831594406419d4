package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A restored text is held to the input bound (pii.max-input-chars): a short token stands for a long value, so a text
 * within the bound restored to hundreds of times its length, built whole in the server's heap every tenant shares.
 */
class RestoreBoundTest {

    private static final int MAX_CHARS = 100_000;
    private static final String CALLER = "alice/c1";
    /** A URL of 2,034 characters: one token of seven stands for it. */
    private static final String URL = "https://example.com/" + "a".repeat(2014);

    private final PiiService pii = new PiiService(new Analyzer(BuiltInRecognizers.all()), new PiiVault(10_000, 100,
            Long.MAX_VALUE, Duration.ofMinutes(30), System::currentTimeMillis, vaultCaller -> false), MAX_CHARS, 0.5);

    private String tokenOfTheUrl() {
        SanitizeResult r = pii.sanitize(new SanitizeRequest("see " + URL + " now", null, null), CALLER);
        assertEquals(1, r.entities().size(), "the URL is one entity");
        return r.entities().get(0).token();
    }

    @Test
    void aRestoreThatWouldGrowPastTheInputBoundIsRefusedNamingIt() {
        String token = tokenOfTheUrl();
        String text = token.repeat(MAX_CHARS / token.length());  // within the bound; restored, 290 times longer

        InvalidInputException e = assertThrows(InvalidInputException.class, () -> pii.restore(text, CALLER));

        assertEquals("text", e.field());
        assertEquals(InvalidInputException.Kind.TOO_LARGE, e.kind());
        assertTrue(e.getMessage().contains("more than the " + MAX_CHARS + " characters a restore gives back "
                + "(pii.max-input-chars)"), e.getMessage());
    }

    @Test
    void aRestoreUpToTheBoundIsWhole() {
        String token = tokenOfTheUrl();
        int fit = MAX_CHARS / URL.length();

        RestoreResult r = pii.restore(token.repeat(fit), CALLER);

        assertEquals(URL.repeat(fit), r.text());
        assertEquals(List.of(), r.unknown());
    }

    @Test
    void upstreamArgumentsCountTheirRestoredStringsTogether() {
        TokenRestorer restorer = new TokenRestorer(pii);
        String token = tokenOfTheUrl();
        int fit = MAX_CHARS / URL.length();
        // Each string alone restores within the bound; together they come to twice it.
        Map<String, Object> args = Map.of("urls", Collections.nCopies(2 * fit, token));

        InvalidInputException e = assertThrows(InvalidInputException.class, () -> restorer.restore(args, CALLER));

        assertEquals("arguments", e.field());
        assertEquals(InvalidInputException.Kind.TOO_LARGE, e.kind());
        assertEquals(Map.of("urls", Collections.nCopies(fit, URL)),
                restorer.restore(Map.of("urls", Collections.nCopies(fit, token)), CALLER));
    }
}
