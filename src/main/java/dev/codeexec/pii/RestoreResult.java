package dev.codeexec.pii;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import jakarta.annotation.Nullable;
import java.util.List;

/**
 * The text with every token of the session put back to its value; all else is unchanged. {@code unknown} names the
 * token-shaped strings left as they were because this connection's vault does not hold them, so a caller whose
 * tokens were issued elsewhere (another connection, a server that stopped) or have expired hears so.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RestoreResult(
        String text,
        @JsonPropertyDescription("Tokens left as they are: not issued on this connection, or issued by a server "
                + "that has stopped, or expired (at most " + RestoreResult.MAX_UNKNOWN + " listed)")
        List<String> unknown,
        @JsonPropertyDescription("What to do about the unknown tokens") @Nullable String note) {

    /**
     * Said when tokens are unknown to a caller's own vault (an MCP connection's, a REST X-Session-Id's): they were most
     * likely issued into another one.
     */
    public static final String PASS_THE_VAULT = "these tokens are not in this caller's own vault: pass vault, the "
            + "handle that sanitize_pii or execute_code returned with them";

    public RestoreResult(String text, List<String> unknown) {
        this(text, unknown, null);
    }

    /** With {@link #PASS_THE_VAULT} when tokens are unknown. */
    public RestoreResult askingForTheVault() {
        return unknown.isEmpty() ? this : new RestoreResult(text, unknown, PASS_THE_VAULT);
    }

    static final int MAX_UNKNOWN = 20;
}
