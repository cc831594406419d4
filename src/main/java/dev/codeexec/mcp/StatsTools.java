package dev.codeexec.mcp;

import dev.codeexec.stats.StatsService;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolResponse;

/** MCP adapter for the operator figures. */
public class StatsTools {

    private final StatsService stats;
    private final ToolResults results;

    public StatsTools(StatsService stats, ToolResults results) {
        this.stats = stats;
        this.results = results;
    }

    @Tool(name = "get_execution_stats", description = """
            Server health: executions and background runs by outcome, latency, queue, workers, sessions, \
            workspace quotas, memory, your counts.""",
            annotations = @Tool.Annotations(title = "Execution stats", readOnlyHint = true, openWorldHint = false))
    ToolResponse getExecutionStats(McpConnection connection) {
        return results.call(() -> stats.snapshot(connection.id()));
    }
}
