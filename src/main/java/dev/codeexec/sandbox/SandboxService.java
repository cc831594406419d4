package dev.codeexec.sandbox;

import dev.codeexec.InvalidInputException;
import dev.codeexec.sandbox.pool.OsSandbox;
import dev.codeexec.sandbox.pool.OsSandboxProbe;
import dev.codeexec.sandbox.pool.SlotShares;
import dev.codeexec.sandbox.pool.WorkerRuntime;
import dev.codeexec.sandbox.pool.WorkerLauncher;
import dev.codeexec.replica.ReplicaIdentity;
import dev.codeexec.tenant.Caller;
import dev.codeexec.tenant.HandleTable;
import dev.codeexec.workspace.WorkspaceConfig;
import dev.codeexec.workspace.WorkspaceRoot;
import dev.codeexec.workspace.WorkspaceRoots;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The execute_code capability: validate, admit, run, record. Transports call it; it knows none of them.
 * Logs carry metadata only, never code, stdin or output.
 */
@ApplicationScoped
@Startup
public class SandboxService {

    private static final Logger LOG = Logger.getLogger(SandboxService.class.getName());
    /** How long a stopping server gives its sessions' last runs, all together. */
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(10);

    private final SandboxSettings settings;
    private final WorkspaceRoot workspace;
    private final WorkspaceRoots workspaces;
    private final PythonPackages packages;
    private final Admission admission;
    private final FairShare fairShare;
    private final BackgroundSlots backgroundSlots;
    private final SlotShares slotShares;
    private final TenantExecutionCounters counters = new TenantExecutionCounters();
    private final OwnerCounters owners = new OwnerCounters();
    private final ContextCounters context = new ContextCounters();
    private final SpillSweeper spills;
    private final Duration sweepInterval;
    private final java.util.concurrent.ScheduledExecutorService sweeps =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                    Thread.ofPlatform().daemon().name("spill-sweep").factory());
    /** Ends the sessions nobody resets: expired ones, and at shutdown all. */
    private final SessionEnds sessionEnds;
    /** Bytes of each stream a spill file keeps: sandbox.spill.max-bytes, never over workspace.max-file-bytes. */
    private final long spillBytes;
    private final CompletableFuture<CodeExecutor> executor = new CompletableFuture<>();
    private final OsSandbox osSandbox;
    private final WorkerRuntime runtime;
    /** What the unshare OS sandbox hides from workers: the data directory and every workspace. */
    private final List<Path> hidden;
    /** The workspaces of the tenants callers can reach, in the order their first workers start. */
    private final List<Path> served;
    private final Path dataDir;
    /** Persistent sessions a run holds, and which run. */
    private final SessionHolds holds = new SessionHolds();
    /** Runs before readiness that compile both processes' request paths; nobody's, and recorded nowhere. */
    private final ReadyWarmup readyWarmup;
    /** The tenant whose first worker the ready warm-up runs on: the first that callers can reach. */
    private final String warmupTenant;

    private final HostBridge bridge;
    /** Persistent sessions by handle, each with the caller id its runs act for (whose PII vault they use). */
    private final HandleTable<String> sessions;

    public SandboxService(SandboxConfig config, WorkspaceConfig workspaceConfig, WorkspaceRoots workspaces,
            HostBridge bridge, ReplicaIdentity replica, dev.codeexec.tenant.Tenants tenants,
            @ConfigProperty(name = "codeexec.data-dir") Path dataDir) {
        this.bridge = bridge;
        this.dataDir = dataDir;
        this.settings = config.toSettings(workspaceConfig.quota());
        this.workspaces = workspaces;
        if (config.spill().maxBytes() < 0 || config.spill().ttl().isNegative()) {
            throw new IllegalArgumentException("sandbox.spill.max-bytes and sandbox.spill.ttl must not be negative");
        }
        this.spillBytes = Math.min(config.spill().maxBytes(), workspaceConfig.maxFileBytes());
        this.spills = new SpillSweeper(workspaces, config.spill().ttl(), java.time.Clock.systemUTC());
        this.sweepInterval = config.spill().sweepInterval();
        this.workspace = workspaces.root(dev.codeexec.tenant.Tenants.LOCAL);
        this.served = tenants.served().stream().map(t -> workspaces.root(t).path()).toList();
        this.warmupTenant = tenants.served().isEmpty() ? dev.codeexec.tenant.Tenants.LOCAL : tenants.served().get(0);
        this.packages = PythonPackages.scan(settings.pythonPackages());
        // Inside a workspace, guest code could write the packages every caller imports, read every tenant's skills
        // in the database, or plant classes in the workers' cache or GraalPy's standard library.
        outsideWorkspaces("sandbox.python-packages", settings.pythonPackages(), workspaces);
        outsideWorkspaces("codeexec.data-dir", dataDir, workspaces);
        settings.worker().aotCacheDir().ifPresent(dir -> outsideWorkspaces("sandbox.worker.aot-cache-dir", dir, workspaces));
        outsideWorkspaces("sandbox.worker.polyglot-resources", settings.worker().polyglotResources(), workspaces);
        // What the unshare OS sandbox hides from workers (bwrap shows them only what they need, so none of it).
        this.hidden = settings.isolation() == SandboxSettings.Isolation.PROCESS
                ? List.of(dataDir.toAbsolutePath().normalize(), workspace.path(), workspaces.tenantsDir())
                : List.of();
        List<Path> writable = settings.isolation() == SandboxSettings.Isolation.PROCESS
                ? WorkerLauncher.writableDirectories(List.of(workspace.path(), workspaces.tenantsDir()))
                : List.of();
        // Checked here, on the start-up path, so that sandbox.worker.os-sandbox=required fails the start itself; the
        // trial writes and hides what workers' confinements do.
        this.osSandbox = settings.isolation() == SandboxSettings.Isolation.PROCESS
                ? OsSandboxProbe.choose(settings.worker().osSandbox(),
                        new OsSandbox.Confinement(writable, List.of(), hidden), dataDir)
                : OsSandbox.none();
        // Chosen here, on the start-up path, so that a sandbox.worker.java-home that is no JDK fails the start itself.
        this.runtime = settings.isolation() == SandboxSettings.Isolation.PROCESS
                ? WorkerRuntime.choose(settings.worker())
                : WorkerRuntime.inProcess();
        // Worker processes queue admitted executions themselves, to give each the worker holding its interpreter.
        this.admission = settings.isolation() == SandboxSettings.Isolation.PROCESS
                ? new Admission(settings.maxConcurrent() + settings.queueSize(), 0)
                : new Admission(settings.maxConcurrent(), settings.queueSize());
        this.fairShare = FairShare.forCapacity(settings.maxConcurrent() + settings.queueSize(),
                config.fairShare().tenantMax(), config.fairShare().callerMax());
        this.sessionEnds = new SessionEnds(admission, holds, (session, ticket, timeout, why) ->
                end(session.tenant(), session.handle(), session.value(), ticket, timeout, why));
        this.sessions = new HandleTable<>("session", "session", "open another with session=\"new\"",
                settings.sessionIdleTtl(),
                new HandleTable.Limit(settings.maxSessionsPerTenant(), "sandbox.sessions.max-per-tenant",
                        HandleTable.Full.REFUSE, "end one with reset_session (get_execution_stats lists them)"),
                replica, sessionEnds::expired,
                // A run may outlast the idle TTL (a background one up to an hour): its session is not idle meanwhile.
                (tenant, handle, actsFor) -> holds.held(SessionKey.of(tenant, handle)));
        this.backgroundSlots = BackgroundSlots.forSlots(settings.maxConcurrent(), config.fairShare().backgroundSlots());
        this.slotShares = SlotShares.of(settings.maxConcurrent(), config.fairShare().tenantSlots(), served.size());
        // In-process contexts share this JVM's compiled code with the server's own start-up: nothing to warm apart.
        this.readyWarmup = new ReadyWarmup(settings.isolation() == SandboxSettings.Isolation.PROCESS
                ? config.readyWarmupRuns() : 0, Math.min(2, settings.maxConcurrent()));
    }

    /**
     * Builds the executor off the start-up path, so the transports answer at once, and as soon as this bean exists
     * (the MCP tools need it early): the first worker JVM then starts while Quarkus still migrates the database and
     * imports starter skills, instead of after them: it starts 1.2 s sooner, and the first call after a start comes
     * 0.3 s sooner (the two share the cores).
     */
    @PostConstruct
    void start() {
        long period = Math.max(1000, sweepInterval.toMillis());
        sweeps.scheduleWithFixedDelay(spills::sweepAll, period, period, java.util.concurrent.TimeUnit.MILLISECONDS);
        sessionEnds.start(sessions, SandboxSettings.sessionSweepPeriod(settings.sessionIdleTtl()));
        Thread.ofPlatform().daemon().name("sandbox-start").start(() -> {
            try {
                executor.complete(ExecutorFactory.create(settings, workspace, served, slotShares, packages, bridge,
                        runtime, osSandbox, hidden, dataDir));
                LOG.log(Level.INFO, "sandbox executor started: isolation={0} workspace={1} slots={2} python-packages={3} "
                        + "os-sandbox={4} jdk={5} jit={6}", new Object[] {settings.isolation(), workspace.path(),
                            settings.maxConcurrent(), packages.root().map(Path::toString).orElse("none"), osSandbox(),
                            workerJdk() + " at " + runtime.jdk().home(), jit()});
                String owner = new dev.codeexec.tenant.Caller(warmupTenant, "ready-warmup").id();
                CodeExecutor pool = executor.join();
                readyWarmup.start(pool::warmedUp, settings.worker().startTimeout(), ReadyWarmup.RUNS_PATIENCE,
                        program -> admit(new ExecuteCommand(program.code(), ReadyWarmup.RUN_TIMEOUT_S, null, null, owner,
                                false, null, false), ExecutionLimits.MAX_TIMEOUT_S, RunHooks.none(), null, false).get());
            } catch (RuntimeException | Error e) {
                LOG.log(Level.SEVERE, "sandbox executor failed to start", e);
                executor.completeExceptionally(e);
            }
        });
    }

    /** Refuses to start with {@code dir} inside a workspace, where guest code could read or write it. */
    private static void outsideWorkspaces(String property, Path dir, WorkspaceRoots workspaces) {
        Path path = dir.toAbsolutePath().normalize();
        Path local = workspaces.root(dev.codeexec.tenant.Tenants.LOCAL).path();
        if (path.startsWith(local) || path.startsWith(workspaces.tenantsDir())) {
            throw new IllegalStateException(property + " (" + path + ") must not be inside sandbox.workspace (" + local
                    + ") or workspace.tenants-dir (" + workspaces.tenantsDir() + "): guest code could reach it");
        }
    }

    void stop(@Observes ShutdownEvent event) {
        sweeps.shutdownNow();
        sessionEnds.close();
        if (executor.isDone() && !executor.isCompletedExceptionally()) {
            // The server stops as processes exit: its sessions' last runs come before the workers go.
            sessionEnds.endAll(sessions.forgetAll(), SHUTDOWN_GRACE);
        }
        executor.thenAccept(CodeExecutor::close);
    }

    /**
     * Runs one execution.
     *
     * @throws dev.codeexec.InvalidInputException on invalid input, before anything runs
     * @throws SandboxBusyException               when the execution queue is full
     */
    public ExecutionResult execute(ExecuteCommand command) {
        return execute(command, RunHooks.none());
    }

    /**
     * The inline budget per stream a run asking for {@code requested} bytes gets (null: the operator's default).
     *
     * @throws dev.codeexec.InvalidInputException naming max_inline_bytes outside its bounds
     */
    public int inlineBytes(Integer requested) {
        return ExecutionLimits.inlineBytes(requested, settings.inlineOutputBytes());
    }

    /** Runs one execution whose caller watches or may cancel it through {@code hooks}. */
    public ExecutionResult execute(ExecuteCommand command, RunHooks hooks) {
        return admit(command, ExecutionLimits.MAX_TIMEOUT_S, hooks, null).get();
    }

    /**
     * Validates an execution and takes its place at once: its caller's and tenant's fair share, then a slot or a
     * place in the queue; the supplier then waits for a slot, runs it and records it. A run holds its persistent
     * session until it ends. A background run ({@code runId} set) is refused at once when another run holds it, and
     * so is any run when a background one holds it; a foreground run waits for a foreground one, its wait counting
     * against its timeout, and is refused naming that run when its timeout runs out first.
     *
     * @param maxTimeoutS the largest timeout_s allowed
     * @throws dev.codeexec.InvalidInputException on invalid input or a session busy with a background run
     * @throws SandboxBusyException               when the queue is full, or the caller or its tenant holds its
     *                                            whole fair share
     */
    Supplier<ExecutionResult> admit(ExecuteCommand command, int maxTimeoutS, RunHooks hooks, String runId) {
        return admit(command, maxTimeoutS, hooks, runId, true);
    }

    /** @param recorded false for the ready warm-up's runs, which are nobody's: no figure or log line counts them */
    private Supplier<ExecutionResult> admit(ExecuteCommand command, int maxTimeoutS, RunHooks hooks, String runId,
            boolean recorded) {
        if (recorded) {
            readyWarmup.callerCame();
        }
        int inline = inlineBytes(command.maxInlineBytes());
        String tenant = Caller.tenantOf(command.owner());
        if (command.session() != null) {
            // A session's runs act for the caller it was opened with, from whichever connection they come.
            command = command.actingFor(sessions.require(tenant, command.session()));
        }
        ExecutionRequest request = ExecutionLimits.validate(command, maxTimeoutS, hooks)
                .in(workspaces.root(tenant).path(), new OutputPlan(runId == null ? java.util.UUID.randomUUID().toString()
                        : runId, inline, command.spill() ? spillBytes : 0));
        spills.sweepSoon(tenant);
        SessionKey held = request.reuse() == ExecutionRequest.Reuse.SESSION ? request.session() : null;
        SessionHolds.Holder holder = null;
        if (held != null && runId != null) {
            holder = SessionHolds.Holder.background(runId);
            holds.takeNow(held, holder);
        } else if (held != null) {
            holder = SessionHolds.Holder.foreground(request.timeout());
            Duration waited = holds.take(held, holder, request.timeout(), hooks);
            if (waited == null) {
                return () -> {
                    hooks.note(true, ExecutionResult.CANCELLED_BEFORE_START);
                    return ExecutionResult.cancelledBeforeStart();
                };
            }
            request = request.within(request.timeout().minus(waited));
        }
        try {
            return admitHolding(request, held, holder, runId != null, recorded);
        } catch (RuntimeException | Error e) {
            release(held, holder);
            throw e;
        }
    }

    /** @param background whether the run goes on in the background, with or without a session */
    private Supplier<ExecutionResult> admitHolding(ExecutionRequest request, SessionKey held,
            SessionHolds.Holder holder, boolean background, boolean recorded) {
        FairShare.Ticket share;
        try {
            share = fairShare.enter(request.owner());
        } catch (SandboxBusyException e) {
            counters.reject(Caller.tenantOf(request.owner()));
            LOG.log(Level.INFO, "execution rejected: caller or tenant over its fair share");
            throw e;
        }
        Admission.Ticket ticket;
        try {
            ticket = admission.enter();
        } catch (SandboxBusyException e) {
            share.close();
            throw rejected(Caller.tenantOf(request.owner()));
        }
        return () -> {
            try (share) {
                return background ? runInBackground(request, ticket) : run(request, ticket, recorded);
            } finally {
                release(held, holder);
            }
        };
    }

    /** A background run first waits for one of its tenant's background slots (see {@link BackgroundSlots}). */
    private ExecutionResult runInBackground(ExecutionRequest request, Admission.Ticket ticket) {
        TenantCounts.Place slot;
        try {
            slot = backgroundSlots.await(Caller.tenantOf(request.owner()), request.hooks(), patience(request));
        } catch (SandboxBusyException e) {
            ticket.abandon();
            counters.reject(Caller.tenantOf(request.owner()));
            throw e;
        }
        try (slot) {
            return run(request, ticket, true);
        }
    }

    private static Duration patience(ExecutionRequest request) {
        return request.timeout().plus(Duration.ofSeconds(
                Math.max(ExecutionLimits.MAX_TIMEOUT_S, request.timeout().toSeconds())));
    }

    /** Waits for the ticket's running slot within the request's patience; refused as a full queue is when none came. */
    private Admission.Slot slot(Admission.Ticket ticket, ExecutionRequest request) {
        try {
            return ticket.await(patience(request));
        } catch (SandboxBusyException e) {
            throw rejected(Caller.tenantOf(request.owner()));
        }
    }

    private ExecutionResult run(ExecutionRequest request, Admission.Ticket ticket, boolean recorded) {
        try (Admission.Slot slot = slot(ticket, request)) {
            ExecutionResult result;
            if (request.hooks().cancelRequested()) {
                request.hooks().note(true, ExecutionResult.CANCELLED_BEFORE_START);
                result = ExecutionResult.cancelledBeforeStart();
            } else {
                result = executor().execute(request);
            }
            if (!recorded) {
                return result;
            }
            String tenant = Caller.tenantOf(request.owner());
            counters.record(tenant, result);
            owners.record(request.owner(), result);
            context.record(tenant, request.owner(), result.reportOrEmpty().context());
            LOG.log(Level.INFO, "execution finished: exit_code={0} timed_out={1} duration_ms={2} code_bytes={3} "
                    + "stdin_bytes={4} stdout_chars={5} stderr_chars={6} truncated={7} reuse={8} streamed={9}",
                    new Object[] {result.exitCode(), result.timedOut(), result.durationMs(), request.code().length(),
                        request.stdin().length(), result.stdout().length(), result.stderr().length(),
                        result.truncated(), request.reuse(), request.hooks().streams()});
            return result;
        }
    }

    private SandboxBusyException rejected(String tenant) {
        counters.reject(tenant);
        ExecutionStats load = stats();
        LOG.log(Level.INFO, "execution rejected: queue full (running={0}, queued={1})",
                new Object[] {load.running(), load.queued()});
        return new SandboxBusyException((int) load.running(), (int) load.queued());
    }

    /**
     * Gives the session back; its idle TTL counts from now. Renewed before it is released: a sweep in between would
     * find a handle last used when the run began, and held by nobody.
     */
    private void release(SessionKey held, SessionHolds.Holder holder) {
        if (held != null) {
            sessions.touch(Caller.tenantOf(held.owner()), held.name());
            holds.release(held, holder);
        }
    }

    /**
     * Opens a persistent session of {@code tenant} whose runs act for {@code actsFor} (a caller id of that tenant:
     * the PII vault its bridge calls use) and returns its handle, which any connection of the tenant may pass.
     *
     * @throws InvalidInputException when the tenant holds its maximum of sessions
     */
    public String openSession(String tenant, String actsFor) {
        if (!Caller.tenantOf(actsFor).equals(tenant)) {
            throw new IllegalArgumentException("a session acts for a caller of its own tenant");
        }
        return sessions.mint(tenant, actsFor);
    }

    /** The caller id the runs of {@code tenant}'s session act for. */
    public String sessionActsFor(String tenant, String handle) {
        return sessions.require(tenant, handle);
    }

    /**
     * Ends a persistent session of {@code tenant} as its process would exit: a last run in its interpreter runs the
     * exit handlers its runs registered and closes the files they left open (an archive gets its trailer, a temporary
     * file goes), within the default timeout; then the session and its interpreter are gone. It waits for a run of the
     * session in progress, and takes a running slot as any run does. Returns what that last run printed.
     *
     * @throws InvalidInputException when the handle is not the tenant's, or a background run holds the session
     * @throws SandboxBusyException  when the queue is full (the session stays as it was)
     */
    public ExecutionResult resetSession(String tenant, String handle) {
        if (handle == null || handle.isBlank()) {
            throw new InvalidInputException("session", "is required: the handle execute_code returned");
        }
        String actsFor = sessions.require(tenant, handle);
        SessionKey key = SessionKey.of(tenant, handle);
        SessionHolds.Holder background = holds.background(key);
        if (background != null) {
            throw SessionHolds.busy(background, "");
        }
        Admission.Ticket ticket;
        try {
            ticket = admission.enter();
        } catch (SandboxBusyException e) {
            throw rejected(tenant);
        }
        sessions.remove(tenant, handle);
        return end(tenant, handle, actsFor, ticket, Duration.ofSeconds(ExecutionLimits.DEFAULT_TIMEOUT_S), "reset");
    }

    /** A session's last run (ExecutionRequest.Reuse.END) in a running slot, once its handle is gone. */
    private ExecutionResult end(String tenant, String handle, String actsFor, Admission.Ticket ticket,
            Duration timeout, String why) {
        ExecutionRequest end = new ExecutionRequest("", "", timeout, actsFor, SessionKey.of(tenant, handle),
                ExecutionRequest.Reuse.END)
                .in(workspaces.root(tenant).path(), OutputPlan.inlineOnly(settings.inlineOutputBytes()));
        // Refused after waiting, a reset's handle is gone already: its interpreter goes when the executor's
        // backstop expires it, without a last run.
        try (Admission.Slot slot = slot(ticket, end)) {
            ExecutionResult result = executor().execute(end);
            LOG.log(Level.INFO, "session ended: reason={0} exit_code={1} timed_out={2} duration_ms={3} "
                    + "stdout_chars={4} stderr_chars={5}", new Object[] {why, result.exitCode(), result.timedOut(),
                        result.durationMs(), result.stdout().length(), result.stderr().length()});
            return result;
        }
    }

    /** Pool and session figures, or null while the executor is still starting. */
    public SandboxState state() {
        return executor.isDone() && !executor.isCompletedExceptionally() ? executor.join().state() : null;
    }

    /** Every tenant's executions: the operator's figures (metrics, health). */
    public ExecutionStats stats() {
        int waiting = waiting();
        return counters.all(Math.max(0, admission.running() - waiting), admission.queued() + waiting);
    }

    /**
     * {@code tenant}'s own executions by outcome and latency; running and queued are the server's load, the only
     * figures of other tenants' work a tenant sees (docs/THREAT_MODEL.md, T10).
     */
    public ExecutionStats tenantStats(String tenant) {
        int waiting = waiting();
        return counters.tenant(tenant, Math.max(0, admission.running() - waiting), admission.queued() + waiting);
    }

    private int waiting() {
        return executor.isDone() && !executor.isCompletedExceptionally() ? executor.join().waiting() : 0;
    }

    /** Finished executions of one caller (an MCP connection id, or "rest"). */
    public OutcomeCounts stats(String owner) {
        return owners.of(owner);
    }

    /** Context bytes of the caller's finished executions and of its tenant's. */
    public ContextStats context(String owner) {
        return ContextStats.of(context.of(owner), context.ofTenant(Caller.tenantOf(owner)));
    }

    /** Whether a live session acts for {@code caller} (a caller id): the PII vault kept under it stays. */
    public boolean sessionActsFor(String caller) {
        return sessions.standsFor(Caller.tenantOf(caller), caller);
    }

    /** Persistent sessions {@code tenant} holds, the most recently used first. */
    public List<OpenSession> sessions(String tenant) {
        return sessions.live(tenant).stream().map(live -> OpenSession.of(live, settings.sessionIdleTtl())).toList();
    }

    /** Context bytes of every tenant's finished executions: the operator's metrics. */
    public ContextBytes contextTotal() {
        return context.total();
    }

    /** Removes the tenant's spill files older than the TTL now, whenever it was last swept; how many went. */
    public int sweepSpills(String tenant) {
        return spills.sweep(tenant, java.time.Instant.now());
    }

    /**
     * True once an execution can start without building an engine first, and the ready warm-up is over (or a caller's
     * run stopped it).
     */
    public boolean ready() {
        return executor.isDone() && !executor.isCompletedExceptionally() && executor.join().warmedUp()
                && readyWarmup.done();
    }

    /** The packages directory as read at start: what guest code can import beyond the standard library. */
    public PythonPackages packages() {
        return packages;
    }

    /** The OS sandbox workers run under: bwrap, unshare or none (also none without worker processes). */
    public String osSandbox() {
        return osSandbox.kind().label();
    }

    /** The JDK sandboxed code runs on (the workers', or the server's in-process): version and vendor. */
    public String workerJdk() {
        return runtime.jdk().label();
    }

    /** Truffle's optimizing compiler for sandboxed code: off, or libgraal (GraalVM JDK). */
    public String jit() {
        return runtime.jit().compiler().label();
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
