package dev.codeexec.mcp;

import dev.codeexec.pii.PiiService;
import dev.codeexec.pii.RestoreResult;
import dev.codeexec.pii.SanitizeRequest;
import dev.codeexec.pii.VaultHandles;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import java.util.List;

/** MCP adapter for PII tokenization: the vault a handle names, or the connection's own without one. */
public class PiiTools {

    private final PiiService pii;
    private final ToolResults results;
    private final McpCallers callers;
    private final VaultHandles vaults;

    public PiiTools(PiiService pii, ToolResults results, McpCallers callers, VaultHandles vaults) {
        this.callers = callers;
        this.pii = pii;
        this.results = results;
        this.vaults = vaults;
    }

    @Tool(name = "sanitize_pii", description = """
            Tokenize personal data and secrets as <EMAIL_ADDRESS_1> etc., stable per vault (default: the \
            connection's); returns entities, counts, vault.""",
            annotations = @Tool.Annotations(title = "Sanitize PII", readOnlyHint = false, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse sanitizePii(
            @ToolArg String text,
            @ToolArg(description = "Only these types; default all", required = false)
            List<String> entities,
            @ToolArg(name = "min_score", description = "Least confidence", required = false)
            Double minScore,
            @ToolArg(required = false) String vault,
            McpConnection connection) {
        return results.call(() -> {
            String key = vaultKey(connection, vault);
            return results.withHandles(pii.sanitize(new SanitizeRequest(text, entities, minScore), key),
                    new StateHandles(null, vault != null ? vault : vaults.handleOf(key)));
        });
    }

    @Tool(name = "restore_pii", description = """
            Restore tokens sanitize_pii issued in the vault.""",
            annotations = @Tool.Annotations(title = "Restore PII", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse restorePii(
            @ToolArg String text,
            @ToolArg(required = false) String vault,
            McpConnection connection) {
        return results.call(() -> {
            RestoreResult restored = pii.restore(text, vaultKey(connection, vault));
            // Without a handle a client that opens a connection per call restores nothing: told what to pass.
            return vault == null ? restored.askingForTheVault() : restored;
        });
    }

    /** The caller id the vault is kept under: the handle's, which must be this tenant's, or the connection's. */
    private String vaultKey(McpConnection connection, String vault) {
        return vault == null ? callers.of(connection).id() : vaults.vaultOf(callers.tenant(connection), vault);
    }
}
