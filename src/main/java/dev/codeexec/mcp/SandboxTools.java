package dev.codeexec.mcp;

import dev.codeexec.Arguments;
import dev.codeexec.pii.OutputSanitizer;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionLimits;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.ExecutionRuns;
import dev.codeexec.sandbox.ExecutionView;
import dev.codeexec.sandbox.RunHooks;
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
            Run Python 3 in a sandbox, cwd the persistent workspace; runs start clean, imports stay warm. %s; no \
            network, subprocesses or host access. exit_code 1 raised, n exit(n), 124 timeout, 130 cancelled, 137 \
            killed. Inside: import tools, skills, pii. background or a run past wait_s gives an execution_id for \
            get_execution.""";

    private final SandboxService sandbox;
    private final ExecutionRuns runs;
    private final OutputSanitizer sanitizer;
    private final ToolResults results;
    private final JsonSchemas schemas;
    private final ToolManager tools;
    private final CallWatch watch;
    private final McpCallers callers;
    private boolean registered;

    public SandboxTools(SandboxService sandbox, ExecutionRuns runs, OutputSanitizer sanitizer, ToolResults results,
            JsonSchemas schemas, ToolManager tools, CallWatch watch, McpCallers callers) {
        this.callers = callers;
        this.sandbox = sandbox;
        this.runs = runs;
        this.sanitizer = sanitizer;
        this.results = results;
        this.schemas = schemas;
        this.tools = tools;
        this.watch = watch;
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
                .addArgument("timeout_s", "Seconds; over " + ExecutionLimits.MAX_TIMEOUT_S
                        + ": background only", false, int.class, "30")
                .addArgument("stdin", "", false, String.class)
                .addArgument("session", "Named interpreter keeping variables", false, String.class)
                .addArgument("sanitize_output", "Tokenize personal data", false, boolean.class)
                .addArgument("fresh", "New interpreter, discarded after", false, boolean.class)
                .addArgument("background", "", false, boolean.class)
                .addArgument("wait_s", "Then go background", false, int.class)
                .addArgument("max_inline_bytes", "", false, int.class)
                .setOutputSchema(schemas.union(ExecutionResult.class, ExecutionView.class))
                .setAnnotations(new ToolManager.ToolAnnotations("Execute Python", false, false, false, false))
                .setHandler(this::executeCode)
                .register();
        registered = true;
    }

    static String executeCodeDescription(List<String> packages) {
        return EXECUTE_CODE.formatted(packages.isEmpty() ? "Standard library only"
                : "Standard library plus " + String.join(", ", packages));
    }

    ToolResponse executeCode(ToolManager.ToolArguments call) {
        Map<String, Object> args = call.args();
        return ResourceLinks.add(results.call(() -> {
            String owner = callers.of(call.connection()).id();
            boolean sanitize = Arguments.flag(args, "sanitize_output");
            // Sanitized output must not leave its raw text in a file the model can read back.
            ExecuteCommand command = new ExecuteCommand(Arguments.string(args, "code"),
                    Arguments.integer(args, "timeout_s"), Arguments.string(args, "stdin"),
                    Arguments.string(args, "session"), owner, Arguments.flag(args, "fresh"),
                    Arguments.integer(args, "max_inline_bytes"), !sanitize);
            boolean background = Arguments.flag(args, "background");
            Integer waitS = Arguments.integer(args, "wait_s");
            if (!background && waitS == null) {
                ExecutionResult result = runNow(command, call);
                return sanitize ? sanitizer.sanitize(result, owner) : result;
            }
            OutputSanitizer.requireSynchronous(sanitize, true);
            ExecutionRuns.requireOneMode(background, waitS);
            ExecutionView started = runs.start(command);
            if (background) {
                return started;
            }
            String id = started.executionId();
            return watch.watch(call.cancellation(), call.progress(), () -> runs.requestCancel(owner, id),
                    () -> {
                        ExecutionView now = runs.summary(owner, id);
                        return new CallWatch.Status(now.nextStdoutOffset() + now.nextStderrOffset(), "");
                    },
                    () -> runs.awaitResult(owner, id, waitS));
        }));
    }

    /** A synchronous run, which the client may cancel and, with a progressToken, hears progress of. */
    private ExecutionResult runNow(ExecuteCommand command, ToolManager.ToolArguments call) {
        // Output streams from the worker only when someone listens: a plain call costs what it always did.
        OutputTally tally = call.progress().token().isPresent() ? new OutputTally() : null;
        RunHooks hooks = new RunHooks(tally, () -> { });
        return watch.watch(call.cancellation(), call.progress(), hooks::cancel,
                () -> tally == null ? new CallWatch.Status(0, "") : new CallWatch.Status(tally.bytes(), tally.lastLine()),
                () -> sandbox.execute(command, hooks));
    }

    @Tool(name = "reset_session", description = """
            Drop an execute_code session (variables, imports); idle ones expire.""",
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
