package dev.codeexec.mcp;

import dev.codeexec.http.ClientDeparture;
import dev.codeexec.sandbox.ExecutionRuns;
import io.quarkiverse.mcp.server.Cancellation;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import java.util.concurrent.CompletableFuture;

/** MCP adapter for background runs of execute_code: read one page by page, and cancel one. */
public class RunTools {

    private final ExecutionRuns runs;
    private final ToolResults results;
    private final McpCallers callers;
    private final ClientDeparture departure;
    private final CallWatch watch;

    public RunTools(ExecutionRuns runs, ToolResults results, McpCallers callers, ClientDeparture departure,
            CallWatch watch) {
        this.runs = runs;
        this.results = results;
        this.callers = callers;
        this.departure = departure;
        this.watch = watch;
    }

    @Tool(name = "get_execution", description = """
            A background run's status, output pages from byte offsets (next_*_offset; has_more: ask again; \
            dropped: older output gone) and, once done, its result. wait_s long-polls.""",
            annotations = @Tool.Annotations(title = "Get execution", readOnlyHint = true, destructiveHint = false,
                    idempotentHint = true, openWorldHint = false))
    Uni<ToolResponse> getExecution(
            @ToolArg(name = "execution_id") String executionId,
            @ToolArg(name = "stdout_offset", required = false) Long stdoutOffset,
            @ToolArg(name = "stderr_offset", required = false) Long stderrOffset,
            @ToolArg(name = "wait_s", required = false) Integer waitS,
            @ToolArg(name = "max_bytes", required = false) Integer maxBytes,
            McpConnection connection, Cancellation cancellation) {
        // A wait holds no thread, but a place among the tenant's long-polls: a client that leaves or cancels gives it
        // back at once, not when wait_s ends.
        CompletableFuture<Void> gone = new CompletableFuture<>();
        ClientDeparture.Watch departed = departure.cancelWhenGone(() -> gone.complete(null));
        CallWatch.Watching cancelled = watch.whenCancelled(cancellation, () -> gone.complete(null));
        // Absent offsets and wait mean 0: the start of each stream, no waiting.
        return results.later(() -> runs.get(callers.of(connection).id(), executionId,
                        stdoutOffset == null ? 0 : stdoutOffset, stderrOffset == null ? 0 : stderrOffset,
                        waitS == null ? 0 : waitS, maxBytes, gone))
                .onTermination().invoke(() -> {
                    departed.close();
                    cancelled.close();
                })
                .map(ResourceLinks::add);
    }

    @Tool(name = "cancel_execution", description = """
            Stop a background run; a finished run stays as it was.""",
            annotations = @Tool.Annotations(title = "Cancel execution", destructiveHint = true, idempotentHint = true,
                    openWorldHint = false))
    ToolResponse cancelExecution(
            @ToolArg(name = "execution_id") String executionId,
            McpConnection connection) {
        return results.call(() -> runs.cancel(callers.of(connection).id(), executionId));
    }
}
