package dev.codeexec.mcp;

import dev.codeexec.sandbox.ExecutionRuns;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;

/** MCP adapter for background runs of execute_code: read one page by page, and cancel one. */
public class RunTools {

    private final ExecutionRuns runs;
    private final ToolResults results;

    public RunTools(ExecutionRuns runs, ToolResults results) {
        this.runs = runs;
        this.results = results;
    }

    @Tool(name = "get_execution", description = """
            Status and output of an execute_code run given an execution_id, with exit_code etc. once finished. \
            Output pages start at your offsets: pass back next_*_offset; has_more: call again now; dropped: older \
            output is gone. wait_s returns early on new output or the end.""",
            annotations = @Tool.Annotations(title = "Get execution", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    ToolResponse getExecution(
            @ToolArg(name = "execution_id") String executionId,
            @ToolArg(name = "stdout_offset", defaultValue = "0") long stdoutOffset,
            @ToolArg(name = "stderr_offset", defaultValue = "0") long stderrOffset,
            @ToolArg(name = "wait_s", defaultValue = "0") int waitS,
            @ToolArg(name = "max_bytes", description = "Per stream", defaultValue = "" + ExecutionRuns.DEFAULT_MAX_BYTES)
            int maxBytes,
            McpConnection connection) {
        return results.call(() -> runs.get(connection.id(), executionId, stdoutOffset, stderrOffset, waitS, maxBytes));
    }

    @Tool(name = "cancel_execution", description = """
            Stop an execute_code run given an execution_id; idempotent, a finished run stays as it was.""",
            annotations = @Tool.Annotations(title = "Cancel execution", destructiveHint = true, idempotentHint = true,
                    openWorldHint = false))
    ToolResponse cancelExecution(
            @ToolArg(name = "execution_id") String executionId,
            McpConnection connection) {
        return results.call(() -> runs.cancel(connection.id(), executionId));
    }
}
