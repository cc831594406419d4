package dev.codeexec.mcp;

import dev.codeexec.Arguments;
import dev.codeexec.http.ClientDeparture;
import dev.codeexec.pii.OutputSanitizer;
import dev.codeexec.pii.RunScopes;
import dev.codeexec.pii.StateHandles;
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
import java.util.concurrent.atomic.AtomicReference;

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
            Run Python 3 in a sandbox (cwd: the workspace); runs start clean, imports stay warm. \
            %s; no network, subprocesses or host access. exit_code 1 raised, n sys.exit(n), 124 timeout, 130 \
            cancelled, 137 killed. Inside: import tools, skills, pii. background or a run past wait_s returns an \
            execution_id. Handles work from any connection.""";

    private final SandboxService sandbox;
    private final ExecutionRuns runs;
    private final OutputSanitizer sanitizer;
    private final ToolResults results;
    private final JsonSchemas schemas;
    private final ToolManager tools;
    private final CallWatch watch;
    private final McpCallers callers;
    private final RunScopes scopes;
    private final ClientDeparture departure;
    private boolean registered;

    public SandboxTools(SandboxService sandbox, ExecutionRuns runs, OutputSanitizer sanitizer, ToolResults results,
            JsonSchemas schemas, ToolManager tools, CallWatch watch, McpCallers callers, RunScopes scopes,
            ClientDeparture departure) {
        this.callers = callers;
        this.departure = departure;
        this.scopes = scopes;
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
                .addArgument("session", "\"new\" or a handle", false, String.class)
                .addArgument("vault", "PII vault handle", false, String.class)
                .addArgument("sanitize_output", "Tokenize PII in output", false, boolean.class)
                .addArgument("fresh", "New interpreter, discarded after", false, boolean.class)
                .addArgument("background", "", false, boolean.class)
                .addArgument("wait_s", "", false, int.class)
                .addArgument("max_inline_bytes", "", false, int.class)
                .setOutputSchema(schemas.with(schemas.union(ExecutionResult.class, ExecutionView.class),
                        StateHandles.class))
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
        // The answer itself, before handles are merged into its JSON: its report names the files to link.
        AtomicReference<Object> answer = new AtomicReference<>();
        ToolResponse response = results.call(() -> {
            boolean fresh = Arguments.flag(args, "fresh");
            RunScopes.RunScope scope = scopes.scope(callers.of(call.connection()), Arguments.string(args, "session"),
                    Arguments.string(args, "vault"), fresh);
            String owner = scope.owner();
            boolean sanitize = Arguments.flag(args, "sanitize_output");
            ExecuteCommand command = new ExecuteCommand(Arguments.string(args, "code"),
                    Arguments.integer(args, "timeout_s"), Arguments.string(args, "stdin"), scope.session(),
                    owner, fresh, Arguments.integer(args, "max_inline_bytes"), true);
            boolean background = Arguments.flag(args, "background");
            Integer waitS = Arguments.integer(args, "wait_s");
            if (!background && waitS == null) {
                ExecutionResult result = sanitize ? sanitizer.run(command, owner, c -> runNow(c, call))
                        : runNow(command, call);
                return withHandles(keep(answer, result), scope, sanitize);
            }
            OutputSanitizer.requireSynchronous(sanitize, true);
            ExecutionRuns.requireOneMode(background, waitS);
            if (background) {
                return withHandles(keep(answer, runs.start(command)), scope, false);
            }
            String id = runs.startAwaited(command);
            // A client gone before the answer never learns the run's id: the run is stopped as if it had cancelled.
            try (ClientDeparture.Watch gone = departure.cancelWhenGone(() -> runs.requestCancel(owner, id))) {
                return withHandles(keep(answer, watch.watch(call.cancellation(), call.progress(),
                        () -> runs.requestCancel(owner, id),
                        () -> {
                            ExecutionView now = runs.summary(owner, id);
                            return new CallWatch.Status(now.nextStdoutOffset() + now.nextStderrOffset(), "");
                        },
                        () -> runs.awaitResult(owner, id, waitS))), scope, false);
            }
        });
        return ResourceLinks.add(response, answer.get());
    }

    /** The answer with the session and vault handles it names, asked once the run has tokenized or not. */
    private Object withHandles(Object answer, RunScopes.RunScope scope, boolean sanitized) {
        return results.withHandles(answer, scopes.handles(scope, sanitized));
    }

    private static <T> T keep(AtomicReference<Object> answer, T value) {
        answer.set(value);
        return value;
    }

    /** A synchronous run, which the client may cancel and, with a progressToken, hears progress of. */
    private ExecutionResult runNow(ExecuteCommand command, ToolManager.ToolArguments call) {
        // Output streams from the worker only when someone listens: a plain call costs what it always did.
        OutputTally tally = call.progress().token().isPresent() ? new OutputTally() : null;
        RunHooks hooks = new RunHooks(tally, () -> { });
        try (ClientDeparture.Watch gone = departure.cancelWhenGone(hooks::cancel)) {
            return watch.watch(call.cancellation(), call.progress(), hooks::cancel,
                    () -> tally == null ? new CallWatch.Status(0, "")
                            : new CallWatch.Status(tally.bytes(), tally.lastLine()),
                    () -> sandbox.execute(command, hooks));
        }
    }

    @Tool(name = "reset_session", description = """
            End a session as its process exits (atexit, files closed); idle ones expire.""",
            annotations = @Tool.Annotations(title = "Reset session", destructiveHint = true, idempotentHint = true,
                    openWorldHint = false))
    ToolResponse resetSession(
            @ToolArg String session,
            McpConnection connection) {
        return results.text(() -> {
            ExecutionResult end = sandbox.resetSession(callers.tenant(connection), session);
            String printed = end.stdout() + end.stderr();
            return "The session was reset; its handle is no longer valid."
                    + (printed.isEmpty() ? "" : " As it ended it printed:\n" + printed);
        });
    }
}
