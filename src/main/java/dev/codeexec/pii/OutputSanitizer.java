package dev.codeexec.pii;

import dev.codeexec.InvalidInputException;
import dev.codeexec.sandbox.ExecutionResult;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * execute_code with {@code sanitize_output}: stdout and stderr are tokenized in the caller's vault
 * before they are returned, so data the code read from files reaches the model only as tokens.
 */
@ApplicationScoped
public class OutputSanitizer {

    private final PiiService pii;

    public OutputSanitizer(PiiService pii) {
        this.pii = pii;
    }

    public ExecutionResult sanitize(ExecutionResult result, String connectionId) {
        return result.withText(tokenize(result.stdout(), connectionId), tokenize(result.stderr(), connectionId));
    }

    /**
     * Refuses sanitize_output for a run that may go on in the background: the pages read later with get_execution
     * could not be tokenized, so the flag would silently not hold.
     */
    public static void requireSynchronous(boolean sanitize, boolean background) {
        if (sanitize && background) {
            throw new InvalidInputException("sanitize_output", "cannot be combined with background or wait_s; pass "
                    + "a background run's output through sanitize_pii");
        }
    }

    private String tokenize(String text, String connectionId) {
        return text.isEmpty() ? text : pii.sanitize(new SanitizeRequest(text), connectionId).text();
    }
}
