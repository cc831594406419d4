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
            Run Python 3 code in a locked-down sandbox and return its stdout, stderr and exit code. \
            Use it to compute, transform data, or call registry tools from code so that intermediate data stays \
            out of your context. The working directory is the persistent workspace (files survive between runs); \
            there is no network, no subprocess, no host access, only the standard library. \
            An exception gives exit_code 1 with the traceback in stderr; sys.exit(n) gives n; \
            hitting timeout_s gives timed_out=true and exit_code 124. Output past 1 MiB per stream is cut \
            (truncated=true). Pass the same session name to keep variables and imports between calls.             Inside: `import tools` (search and call registry tools), `import skills` (saved code),             `import pii` (sanitize/restore); set sanitize_output=true to get stdout/stderr with personal data             replaced by tokens.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = ExecutionResult.class),
            annotations = @Tool.Annotations(title = "Execute Python", readOnlyHint = false, destructiveHint = false,
                    idempotentHint = false, openWorldHint = false))
    ToolResponse executeCode(
            @ToolArg(description = "Python 3 source to run as the __main__ module; 1 byte to 1 MiB") String code,
            @ToolArg(name = "timeout_s", description = "Wall-clock limit in seconds, 1 to 300", defaultValue = "30")
            int timeoutS,
            @ToolArg(description = "Text given to the program as standard input, up to 1 MiB", required = false)
            String stdin,
            @ToolArg(description = "Optional session name (letters, digits, '_', '.', '-'; up to 64). Calls with the "
                    + "same name on this connection share one live interpreter; omit for a fresh one each call",
                    required = false)
            String session,
            @ToolArg(name = "sanitize_output", description = "When true, personal data and secrets in stdout and "
                    + "stderr are replaced by this connection's PII tokens (restore them with restore_pii)",
                    defaultValue = "false")
            boolean sanitizeOutput,
            McpConnection connection) {
        return results.call(() -> {
            ExecutionResult result = sandbox.execute(new ExecuteCommand(code, timeoutS, stdin, session, connection.id()));
            return sanitizeOutput ? sanitizer.sanitize(result, connection.id()) : result;
        });
    }

    @Tool(name = "reset_session", description = """
            Drop a persistent execute_code session of this connection, discarding its variables and imports. \
            Returns whether such a session existed. Sessions also expire after 30 idle minutes.""",
            annotations = @Tool.Annotations(title = "Reset session", destructiveHint = true, idempotentHint = true,
                    openWorldHint = false))
    ToolResponse resetSession(
            @ToolArg(description = "The session name used with execute_code") String session,
            McpConnection connection) {
        return results.text(() -> sandbox.resetSession(connection.id(), session)
                ? "Session '" + session + "' was reset."
                : "No session named '" + session + "' was open on this connection.");
    }
}
