package dev.codeexec.pii;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/**
 * The text with every token of the session put back to its value; all else is unchanged. {@code unknown} names the
 * token-shaped strings left as they were because this connection's vault does not hold them, so a caller whose
 * tokens were issued elsewhere (another connection, a server that stopped) or have expired hears so.
 */
public record RestoreResult(
        String text,
        @JsonPropertyDescription("Tokens left as they are: not issued on this connection, or issued by a server "
                + "that has stopped, or expired (at most " + RestoreResult.MAX_UNKNOWN + " listed)")
        List<String> unknown) {

    static final int MAX_UNKNOWN = 20;
}
