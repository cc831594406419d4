package dev.codeexec.mcp;

import dev.codeexec.pii.CallerPii;
import dev.codeexec.pii.SanitizeRequest;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import java.util.List;

/** MCP adapter for PII tokenization: the vault a handle names, or the connection's own without one. */
public class PiiTools {

    private final CallerPii pii;
    private final ToolResults results;
    private final McpCallers callers;

    public PiiTools(CallerPii pii, ToolResults results, McpCallers callers) {
        this.callers = callers;
        this.pii = pii;
        this.results = results;
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
        return results.call(() -> pii.sanitize(callers.of(connection), new SanitizeRequest(text, entities, minScore),
                vault));
    }

    @Tool(name = "restore_pii", description = """
            Restore tokens sanitize_pii issued in the vault.""",
            annotations = @Tool.Annotations(title = "Restore PII", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse restorePii(
            @ToolArg String text,
            @ToolArg(required = false) String vault,
            McpConnection connection) {
        return results.call(() -> pii.restore(callers.of(connection), text, vault));
    }
}
