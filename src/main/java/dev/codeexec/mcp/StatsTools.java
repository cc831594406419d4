package dev.codeexec.mcp;

import dev.codeexec.stats.ServerStats;
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
            Server health and load at a glance: executions since start by outcome (succeeded, failed, timed_out, \
            killed, rejected_busy), latency p50/p95/p99/max in ms, running and queued executions, sandbox workers \
            and sessions, workspace usage against its quotas, memory, uptime, and your own connection's counts. \
            Cheap; use it to check whether the sandbox is ready or overloaded before heavy work.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = ServerStats.class),
            annotations = @Tool.Annotations(title = "Execution stats", readOnlyHint = true, openWorldHint = false))
    ToolResponse getExecutionStats(McpConnection connection) {
        return results.call(() -> stats.snapshot(connection.id()));
    }
}
