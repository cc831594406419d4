package dev.codeexec.mcp;

import dev.codeexec.pii.OutputSanitizer;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.SandboxService;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;

/**
 * MCP adapter for the sandbox: turns tool arguments into a command and returns the service's result.
 * Refusals (invalid input, a full queue) become tool errors carrying the service's message.
 */
public class SandboxTools {

    private final SandboxService sandbox;
    private final OutputSanitizer sanitizer;
    private final ToolResults results;

    public SandboxTools(SandboxService sandbox, OutputSanitizer sanitizer, ToolResults results) {
        this.sandbox = sandbox;
        this.sanitizer = sanitizer;
        this.results = results;
    }

    @Tool(name = "execute_code", description = """
            Run Python 3 in a sandbox; the working directory is the persistent workspace. Each run starts \
            clean; imports stay warm. Standard library only; no network, subprocesses or host access. \
            exit_code is 1 on an uncaught exception, n for sys.exit(n), 124 on timeout, 137 if the worker was \
            killed: results, not errors. truncated: output passed the cap. Inside: import tools, skills, pii.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = ExecutionResult.class),
            annotations = @Tool.Annotations(title = "Execute Python", readOnlyHint = false, destructiveHint = false,
                    idempotentHint = false, openWorldHint = false))
    ToolResponse executeCode(
            @ToolArg(description = "Python source, run as __main__") String code,
            @ToolArg(name = "timeout_s", description = "Wall-clock limit in seconds", defaultValue = "30")
            int timeoutS,
            @ToolArg(required = false)
            String stdin,
            @ToolArg(description = "Named interpreter that keeps variables across calls", required = false)
            String session,
            @ToolArg(name = "sanitize_output", description = "Tokenize personal data in the output",
                    defaultValue = "false")
            boolean sanitizeOutput,
            @ToolArg(description = "New interpreter, discarded after", defaultValue = "false") boolean fresh,
            McpConnection connection) {
        return results.call(() -> {
            ExecutionResult result = sandbox.execute(new ExecuteCommand(code, timeoutS, stdin, session, connection.id(),
                    fresh));
            return sanitizeOutput ? sanitizer.sanitize(result, connection.id()) : result;
        });
    }

    @Tool(name = "reset_session", description = """
            Drop an execute_code session of this connection (its variables and imports). Idle sessions also \
            expire.""",
            annotations = @Tool.Annotations(title = "Reset session", destructiveHint = true, idempotentHint = true,
                    openWorldHint = false))
    ToolResponse resetSession(
            @ToolArg String session,
            McpConnection connection) {
        return results.text(() -> sandbox.resetSession(connection.id(), session)
                ? "Session '" + session + "' was reset."
                : "No session named '" + session + "' was open on this connection.");
    }
}
