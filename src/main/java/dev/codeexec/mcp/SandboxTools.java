package dev.codeexec.mcp;

import dev.codeexec.Arguments;
import dev.codeexec.InvalidInputException;
import dev.codeexec.http.ClientDeparture;
import dev.codeexec.pii.OutputSanitizer;
import dev.codeexec.pii.VaultHandles;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionLimits;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.ExecutionRuns;
import dev.codeexec.sandbox.ExecutionView;
import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.tenant.Caller;
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
            Run Python 3 in a sandbox (cwd: the workspace); runs start clean, imports stay warm. \
            %s; no network, subprocesses or host access. exit_code 1 raised, n sys.exit(n), 124 timeout, 130 \
            cancelled, 137 killed. Inside: import tools, skills, pii. background or a run past wait_s returns an \
            execution_id. Handles work from any connection.""";

    /** The session argument that opens a new persistent session. */
    static final String NEW_SESSION = "new";

    private final SandboxService sandbox;
    private final ExecutionRuns runs;
    private final OutputSanitizer sanitizer;
    private final ToolResults results;
    private final JsonSchemas schemas;
    private final ToolManager tools;
    private final CallWatch watch;
    private final McpCallers callers;
    private final VaultHandles vaults;
    private final ClientDeparture departure;
    private boolean registered;

    public SandboxTools(SandboxService sandbox, ExecutionRuns runs, OutputSanitizer sanitizer, ToolResults results,
            JsonSchemas schemas, ToolManager tools, CallWatch watch, McpCallers callers, VaultHandles vaults,
            ClientDeparture departure) {
        this.callers = callers;
        this.departure = departure;
        this.vaults = vaults;
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
                .addArgument("wait_s", "Then go background", false, int.class)
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
        java.util.concurrent.atomic.AtomicReference<Object> answer = new java.util.concurrent.atomic.AtomicReference<>();
        ToolResponse response = results.call(() -> {
            boolean fresh = Arguments.flag(args, "fresh");
            Scope scope = scope(call.connection(), Arguments.string(args, "session"), Arguments.string(args, "vault"),
                    fresh);
            String owner = scope.owner();
            boolean sanitize = Arguments.flag(args, "sanitize_output");
            ExecuteCommand command = new ExecuteCommand(Arguments.string(args, "code"),
                    Arguments.integer(args, "timeout_s"), Arguments.string(args, "stdin"), scope.handles().session(),
                    owner, fresh, Arguments.integer(args, "max_inline_bytes"), true);
            // Tokens issued into the connection's own vault are restorable elsewhere only through its handle.
            StateHandles handles = sanitize && scope.handles().vault() == null
                    ? new StateHandles(scope.handles().session(), vaults.handleOf(owner)) : scope.handles();
            boolean background = Arguments.flag(args, "background");
            Integer waitS = Arguments.integer(args, "wait_s");
            if (!background && waitS == null) {
                ExecutionResult result = sanitize ? sanitizer.run(command, owner, c -> runNow(c, call))
                        : runNow(command, call);
                return results.withHandles(keep(answer, result), handles.vault() != null ? handles
                        : new StateHandles(handles.session(), vaults.handleIfUsed(owner)));
            }
            OutputSanitizer.requireSynchronous(sanitize, true);
            ExecutionRuns.requireOneMode(background, waitS);
            if (background) {
                return results.withHandles(keep(answer, runs.start(command)), handles);
            }
            String id = runs.startAwaited(command);
            return results.withHandles(keep(answer, watch.watch(call.cancellation(), call.progress(),
                    () -> runs.requestCancel(owner, id),
                    () -> {
                        ExecutionView now = runs.summary(owner, id);
                        return new CallWatch.Status(now.nextStdoutOffset() + now.nextStderrOffset(), "");
                    },
                    () -> runs.awaitResult(owner, id, waitS))), handles);
        });
        return ResourceLinks.add(response, answer.get());
    }

    private static <T> T keep(java.util.concurrent.atomic.AtomicReference<Object> answer, T value) {
        answer.set(value);
        return value;
    }

    /** Whom a run acts for (whose PII vault its bridge calls use), and the handles its result names. */
    private record Scope(String owner, StateHandles handles) {
    }

    /**
     * A session's runs act for the vault it was opened with; {@code session="new"} opens one, with the vault passed
     * or a new one. Without a session, a run acts for the vault passed, or for its connection.
     */
    private Scope scope(McpConnection connection, String session, String vault, boolean fresh) {
        Caller caller = callers.of(connection);
        String vaultOwner = vault == null ? null : vaults.vaultOf(caller.tenant(), vault);
        if (session == null) {
            return new Scope(vaultOwner != null ? vaultOwner : caller.id(), new StateHandles(null, vault));
        }
        ExecutionLimits.requireNoSession(fresh, session);
        if (NEW_SESSION.equals(session)) {
            String handle = vault != null ? vault : vaults.open(caller.tenant());
            String owner = vaultOwner != null ? vaultOwner : vaults.vaultOf(caller.tenant(), handle);
            return new Scope(owner, new StateHandles(sandbox.openSession(caller.tenant(), owner), handle));
        }
        String owner = sandbox.sessionActsFor(caller.tenant(), session);
        if (vaultOwner != null && !vaultOwner.equals(owner)) {
            throw new InvalidInputException("vault", "differs from the vault the session was opened with; leave it "
                    + "out, the session keeps its own");
        }
        return new Scope(owner, new StateHandles(session, vaults.handleOf(owner)));
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
