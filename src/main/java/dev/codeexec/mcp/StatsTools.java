package dev.codeexec.mcp;

import dev.codeexec.stats.StatsService;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;

/** MCP adapter for the operator figures. */
public class StatsTools {

    private final StatsService stats;
    private final ToolResults results;
    private final McpCallers callers;

    public StatsTools(StatsService stats, ToolResults results, McpCallers callers) {
        this.callers = callers;
        this.stats = stats;
        this.results = results;
    }

    @Tool(name = "get_execution_stats", description = """
            Server health: runs by outcome, latency, queue, workers, sessions, quota, memory, context, your counts.""",
            annotations = @Tool.Annotations(title = "Execution stats", readOnlyHint = true,
                    destructiveHint = false, idempotentHint = true, openWorldHint = false))
    ToolResponse getExecutionStats(McpConnection connection) {
        return results.call(() -> stats.snapshot(callers.of(connection).id()));
    }
}
