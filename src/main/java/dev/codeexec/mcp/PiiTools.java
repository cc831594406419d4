package dev.codeexec.mcp;

import dev.codeexec.pii.PiiService;
import dev.codeexec.pii.SanitizeRequest;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import java.util.List;

/** MCP adapter for PII tokenization; the vault is this connection's. */
public class PiiTools {

    private final PiiService pii;
    private final ToolResults results;
    private final McpCallers callers;

    public PiiTools(PiiService pii, ToolResults results, McpCallers callers) {
        this.callers = callers;
        this.pii = pii;
        this.results = results;
    }

    @Tool(name = "sanitize_pii", description = """
            Replace personal data and secrets with tokens like <EMAIL_ADDRESS_1>, stable per connection; with \
            entities and counts.""",
            annotations = @Tool.Annotations(title = "Sanitize PII", readOnlyHint = false, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse sanitizePii(
            @ToolArg String text,
            @ToolArg(description = "Only these types, e.g. EMAIL_ADDRESS; default all", required = false)
            List<String> entities,
            @ToolArg(name = "min_score", description = "Least confidence", required = false)
            Double minScore,
            McpConnection connection) {
        return results.call(() -> pii.sanitize(new SanitizeRequest(text, entities, minScore), callers.of(connection).id()));
    }

    @Tool(name = "restore_pii", description = """
            Put back the values of tokens sanitize_pii issued on this connection.""",
            annotations = @Tool.Annotations(title = "Restore PII", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse restorePii(
            @ToolArg String text,
            McpConnection connection) {
        return results.call(() -> pii.restore(text, callers.of(connection).id()));
    }
}
