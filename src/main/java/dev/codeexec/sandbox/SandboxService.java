package dev.codeexec.sandbox;

import dev.codeexec.tenant.Caller;
import dev.codeexec.workspace.WorkspaceConfig;
import dev.codeexec.workspace.WorkspaceRoot;
import dev.codeexec.workspace.WorkspaceRoots;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The execute_code capability: validate, admit, run, record. Transports call it; it knows none of them.
 * Logs carry metadata only, never code, stdin or output.
 */
@ApplicationScoped
public class SandboxService {

    private static final Logger LOG = Logger.getLogger(SandboxService.class.getName());

    private final SandboxSettings settings;
    private final WorkspaceRoot workspace;
    private final WorkspaceRoots workspaces;
    private final PythonPackages packages;
    private final Admission admission;
    private final FairShare fairShare;
    private final ExecutionCounters counters = new ExecutionCounters();
    private final OwnerCounters owners = new OwnerCounters();
    private final CompletableFuture<CodeExecutor> executor = new CompletableFuture<>();
    private final OsSandbox osSandbox;
    /** What workers may write under the OS sandbox: every tenant's workspace, as real paths. */
    private final List<Path> writable;

    private final HostBridge bridge;

    public SandboxService(SandboxConfig config, WorkspaceConfig workspaceConfig, WorkspaceRoots workspaces,
            HostBridge bridge) {
        this.bridge = bridge;
        this.settings = config.toSettings(workspaceConfig.quota());
        this.workspaces = workspaces;
        this.workspace = workspaces.root(dev.codeexec.tenant.Tenants.LOCAL);
        this.packages = PythonPackages.scan(settings.pythonPackages());
        // Inside a workspace, guest code could write the packages every caller imports.
        if (packages.root().filter(dir -> dir.startsWith(workspace.path())
                || dir.startsWith(workspaces.tenantsDir())).isPresent()) {
            throw new IllegalStateException("sandbox.python-packages (" + packages.root().get()
                    + ") must not be inside sandbox.workspace (" + workspace.path() + ") or workspace.tenants-dir ("
                    + workspaces.tenantsDir() + "): guest code could write it");
        }
        // Every tenant's workspace, including those made later: all a worker may write under the OS sandbox.
        this.writable = settings.isolation() == SandboxSettings.Isolation.PROCESS
                ? WorkerLauncher.writableDirectories(List.of(workspace.path(), workspaces.tenantsDir()))
                : List.of();
        // Checked here, on the start-up path, so that sandbox.worker.os-sandbox=required fails the start itself.
        this.osSandbox = settings.isolation() == SandboxSettings.Isolation.PROCESS
                ? OsSandboxProbe.choose(settings.worker().osSandbox(), new OsSandbox.Confinement(writable, List.of()))
                : OsSandbox.none();
        // Worker processes queue admitted executions themselves, to give each the worker holding its interpreter.
        this.admission = settings.isolation() == SandboxSettings.Isolation.PROCESS
                ? new Admission(settings.maxConcurrent() + settings.queueSize(), 0)
                : new Admission(settings.maxConcurrent(), settings.queueSize());
        this.fairShare = FairShare.forCapacity(settings.maxConcurrent() + settings.queueSize(),
                config.fairShare().tenantMax(), config.fairShare().callerMax());
    }

    /** Builds the executor off the start-up path, so the transports answer at once. */
    void start(@Observes StartupEvent event) {
        Thread.ofPlatform().daemon().name("sandbox-start").start(() -> {
            try {
                executor.complete(ExecutorFactory.create(settings, workspace, packages, bridge, osSandbox, writable));
                LOG.log(Level.INFO, "sandbox executor started: isolation={0} workspace={1} slots={2} python-packages={3} "
                        + "os-sandbox={4}", new Object[] {settings.isolation(), workspace.path(), settings.maxConcurrent(),
                            packages.root().map(Path::toString).orElse("none"), osSandbox()});
            } catch (RuntimeException | Error e) {
                LOG.log(Level.SEVERE, "sandbox executor failed to start", e);
                executor.completeExceptionally(e);
            }
        });
    }

    void stop(@Observes ShutdownEvent event) {
        executor.thenAccept(CodeExecutor::close);
    }

    /**
     * Runs one execution.
     *
     * @throws dev.codeexec.InvalidInputException on invalid input, before anything runs
     * @throws SandboxBusyException               when the execution queue is full
     */
    public ExecutionResult execute(ExecuteCommand command) {
        ExecutionRequest request = ExecutionLimits.validate(command)
                .in(workspaces.root(Caller.tenantOf(command.owner())).path());
        Admission.Slot slot;
        FairShare.Ticket share;
        try {
            share = fairShare.enter(command.owner());
        } catch (SandboxBusyException e) {
            counters.reject();
            LOG.log(Level.INFO, "execution rejected: caller or tenant over its fair share");
            throw e;
        }
        try {
            slot = admission.admit(request.timeout().plus(Duration.ofSeconds(ExecutionLimits.MAX_TIMEOUT_S)));
        } catch (SandboxBusyException e) {
            counters.reject();
            ExecutionStats load = stats();
            LOG.log(Level.INFO, "execution rejected: queue full (running={0}, queued={1})",
                    new Object[] {load.running(), load.queued()});
            share.close();
            throw new SandboxBusyException((int) load.running(), (int) load.queued());
        }
        try (share; slot) {
            ExecutionResult result = executor().execute(request);
            counters.record(result);
            owners.record(command.owner(), result);
            LOG.log(Level.INFO, "execution finished: exit_code={0} timed_out={1} duration_ms={2} code_bytes={3} "
                    + "stdin_bytes={4} stdout_chars={5} stderr_chars={6} truncated={7} reuse={8}",
                    new Object[] {result.exitCode(), result.timedOut(), result.durationMs(), request.code().length(),
                        request.stdin().length(), result.stdout().length(), result.stderr().length(),
                        result.truncated(), request.reuse()});
            return result;
        }
    }

    /** Drops a persistent session of the given connection; true when it existed. */
    public boolean resetSession(String owner, String name) {
        if (name == null || name.isBlank()) {
            throw new dev.codeexec.InvalidInputException("session", "is required: the name used with execute_code");
        }
        return executor().resetSession(new SessionKey(owner == null ? "" : owner, name));
    }

    /** Pool and session figures, or null while the executor is still starting. */
    public SandboxState state() {
        return executor.isDone() && !executor.isCompletedExceptionally() ? executor.join().state() : null;
    }

    public ExecutionStats stats() {
        int waiting = executor.isDone() && !executor.isCompletedExceptionally() ? executor.join().waiting() : 0;
        return counters.snapshot(Math.max(0, admission.running() - waiting), admission.queued() + waiting);
    }

    /** Finished executions of one caller (an MCP connection id, or "rest"). */
    public OutcomeCounts stats(String owner) {
        return owners.of(owner);
    }

    /** True once an execution can start without building an engine first. */
    public boolean ready() {
        return executor.isDone() && !executor.isCompletedExceptionally() && executor.join().warmedUp();
    }

    /** The packages directory as read at start: what guest code can import beyond the standard library. */
    public PythonPackages packages() {
        return packages;
    }

    /** The OS sandbox workers run under: bwrap, unshare or none (also none without worker processes). */
    public String osSandbox() {
        return osSandbox.kind().label();
    }

    public SandboxSettings settings() {
        return settings;
    }

    private CodeExecutor executor() {
        try {
            return executor.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the sandbox was starting", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the sandbox failed to start: " + e.getCause().getMessage(), e.getCause());
        }
    }
}
