package dev.codeexec.mcp;

import dev.codeexec.Arguments;
import dev.codeexec.pii.OutputSanitizer;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.SandboxService;
import io.quarkiverse.mcp.server.InitialCheck;
import io.quarkiverse.mcp.server.InitialRequest;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import jakarta.interceptor.Interceptor;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.Map;

/**
 * MCP adapter for the sandbox: turns tool arguments into a command and returns the service's result.
 * Refusals (invalid input, a full queue) become tool errors carrying the service's message.
 *
 * <p>execute_code is registered at run time rather than annotated: its description names the packages the
 * packages directory holds, which only the running server knows. The stdio transport serves before start-up
 * observers run, so registration also happens, once, when a client's {@code initialize} arrives, which every
 * client sends before it lists or calls tools.
 */
@Singleton
public class SandboxTools implements InitialCheck {

    static final String EXECUTE_CODE = """
            Run Python 3 in a sandbox; the working directory is the persistent workspace. Each run starts \
            clean; imports stay warm. %s; no network, subprocesses or host access. \
            exit_code is 1 on an uncaught exception, n for sys.exit(n), 124 on timeout, 137 if the worker was \
            killed: results, not errors. truncated: output passed the cap. Inside: import tools, skills, pii.""";

    private final SandboxService sandbox;
    private final OutputSanitizer sanitizer;
    private final ToolResults results;
    private final JsonSchemas schemas;
    private final ToolManager tools;
    private final McpCallers callers;
    private boolean registered;

    public SandboxTools(SandboxService sandbox, OutputSanitizer sanitizer, ToolResults results, JsonSchemas schemas,
            ToolManager tools, McpCallers callers) {
        this.callers = callers;
        this.sandbox = sandbox;
        this.sanitizer = sanitizer;
        this.results = results;
        this.schemas = schemas;
        this.tools = tools;
    }

    void register(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) {
        registerExecuteCode();
    }

    @Override
    public Uni<CheckResult> perform(InitialRequest request) {
        registerExecuteCode();
        return CheckResult.success();
    }

    private synchronized void registerExecuteCode() {
        if (registered) {
            return;
        }
        tools.newTool("execute_code")
                .setDescription(executeCodeDescription(sandbox.packages().publicImports()))
                .addArgument("code", "Python source, run as __main__", true, String.class)
                .addArgument("timeout_s", "Wall-clock limit in seconds", false, int.class, "30")
                .addArgument("stdin", "", false, String.class)
                .addArgument("session", "Named interpreter that keeps variables across calls", false, String.class)
                .addArgument("sanitize_output", "Tokenize personal data in the output", false, boolean.class, "false")
                .addArgument("fresh", "New interpreter, discarded after", false, boolean.class, "false")
                .setOutputSchema(schemas.of(ExecutionResult.class))
                .setAnnotations(new ToolManager.ToolAnnotations("Execute Python", false, false, false, false))
                .setHandler(args -> executeCode(args.args(), args.connection()))
                .register();
        registered = true;
    }

    static String executeCodeDescription(List<String> packages) {
        return EXECUTE_CODE.formatted(packages.isEmpty() ? "Standard library only"
                : "Standard library plus " + String.join(", ", packages));
    }

    ToolResponse executeCode(Map<String, Object> args, McpConnection connection) {
        return results.call(() -> {
            String caller = callers.of(connection).id();
            ExecutionResult result = sandbox.execute(new ExecuteCommand(Arguments.string(args, "code"),
                    Arguments.integer(args, "timeout_s"), Arguments.string(args, "stdin"),
                    Arguments.string(args, "session"), caller, Arguments.flag(args, "fresh")));
            return Arguments.flag(args, "sanitize_output") ? sanitizer.sanitize(result, caller) : result;
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
        return results.text(() -> sandbox.resetSession(callers.of(connection).id(), session)
                ? "Session '" + session + "' was reset."
                : "No session named '" + session + "' was open on this connection.");
    }
}
