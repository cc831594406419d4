package dev.codeexec.pii;

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
        return new ExecutionResult(tokenize(result.stdout(), connectionId), tokenize(result.stderr(), connectionId),
                result.exitCode(), result.durationMs(), result.truncated(), result.timedOut());
    }

    private String tokenize(String text, String connectionId) {
        return text.isEmpty() ? text : pii.sanitize(new SanitizeRequest(text), connectionId).text();
    }
}
