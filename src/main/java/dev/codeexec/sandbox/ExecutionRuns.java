package dev.codeexec.sandbox;

import dev.codeexec.Durations;
import dev.codeexec.InvalidInputException;
import dev.codeexec.replica.ReplicaIdentity;
import dev.codeexec.tenant.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Background runs: execute_code with {@code background} or {@code wait_s}. Each run belongs to the tenant of the
 * caller that started it, so any connection of that tenant may read or cancel it by its id; to other tenants it
 * does not exist, so ids never leak. Runs live in this process only: a restart loses them.
 */
@ApplicationScoped
public class ExecutionRuns {

    private static final Logger LOG = Logger.getLogger(ExecutionRuns.class.getName());
    /** The longest a get_execution long-poll waits. */
    public static final int MAX_WAIT_S = 30;
    static final String RETAINED_BUDGET = "sandbox.runs.retained-bytes-per-tenant";
    /** Room for the longest UTF-8 character, so every page makes progress. */
    public static final int MIN_MAX_BYTES = 4;
    /** A page may be as large as an execution's inline output, and no larger. */
    public static final int MAX_MAX_BYTES = ExecutionLimits.MAX_INLINE_BYTES;
    /** Pages of an event stream (REST): read by programs, not by a model, so larger than the inline budget. */
    private static final int STREAM_PAGE_BYTES = 65_536;
    /** Beyond the cancel grace, how long a cancel waits for the run to end so its answer says how it ended. */
    private static final Duration CANCEL_MARGIN = Duration.ofSeconds(2);

    private final SandboxService sandbox;
    private final SandboxConfig.Runs config;
    private final Map<String, BackgroundRun> runs = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final ExecutorService threads = Executors.newCachedThreadPool(
            Thread.ofPlatform().daemon().name("sandbox-run-", 1).factory());
    /** Where long-poll answers are computed once the wait ends: cheap, and never a request thread. */
    private final ExecutorService answers = Executors.newVirtualThreadPerTaskExecutor();
    private final LongPolls polls;
    /** What one run may hold of its tenant's retained-output budget: both streams full. */
    private final long bytesPerRun;
    private final AtomicReference<OutcomeCounts> outcomes = new AtomicReference<>(OutcomeCounts.NONE);
    /** Each tenant's finished runs by outcome; bounded by configuration, where tenants come from. */
    private final Map<String, OutcomeCounts> tenantOutcomes = new ConcurrentHashMap<>();

    private final ReplicaIdentity replica;
    private final VaultNames vaults;

    public ExecutionRuns(SandboxService sandbox, SandboxConfig config, ReplicaIdentity replica, VaultNames vaults) {
        this.sandbox = sandbox;
        this.vaults = vaults;
        this.config = config.runs();
        this.polls = new LongPolls(this.config.maxWaitsPerTenant());
        this.bytesPerRun = 2L * this.config.retainedBytes();
        if (this.config.retainedBytesPerTenant() < bytesPerRun) {
            throw new IllegalArgumentException(RETAINED_BUDGET + " (" + this.config.retainedBytesPerTenant()
                    + ") must hold at least one run: twice sandbox.runs.retained-bytes (" + bytesPerRun + ")");
        }
        this.replica = replica;
    }

    /**
     * Refuses {@code wait_s} together with {@code background}, which answers at once, and a {@code wait_s} out of
     * range: both before the run starts, since a refused caller never learns the id of a run that started anyway.
     */
    public static void requireOneMode(boolean background, Integer waitS) {
        if (background && waitS != null) {
            throw new InvalidInputException("wait_s", "cannot be combined with background=true, which answers at once");
        }
        if (waitS != null) {
            requireWait(waitS);
        }
    }

    private static void requireWait(int waitS) {
        if (waitS < 0 || waitS > ExecutionLimits.MAX_TIMEOUT_S) {
            throw new InvalidInputException("wait_s", "must be between 0 and " + ExecutionLimits.MAX_TIMEOUT_S
                    + " seconds, got " + waitS);
        }
    }

    /** The largest timeout_s of a background run, as configured. */
    public int maxTimeoutS() {
        return config.maxTimeoutS();
    }

    /**
     * Starts a background run and returns at once.
     *
     * @throws InvalidInputException on invalid input, a busy session, or too many runs held
     * @throws SandboxBusyException  when the execution queue is full
     */
    public ExecutionView start(ExecuteCommand command) {
        BackgroundRun run = submit(command, false);
        return named(run, run.view(0, 0, pageBytes()));
    }

    /** Starts a run whose caller then waits for it with {@link #awaitResult}. */
    public String startAwaited(ExecuteCommand command) {
        return submit(command, true).id;
    }

    /**
     * Waits up to {@code waitS} seconds for a run of {@code owner} to end: its result when it does (the run is
     * then forgotten: its caller has all of it), else the run so far, which goes on in the background.
     */
    public ExecuteAnswer awaitResult(String owner, String id, int waitS) {
        requireWait(waitS);
        BackgroundRun run = find(owner, id);
        try {
            if (run.awaitEnd(Duration.ofSeconds(waitS))) {
                runs.remove(run.id, run);
                return run.result();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        run.stopAwaiting();
        return named(run, run.view(0, 0, pageBytes()));
    }

    /**
     * Bytes of each stream in a page by default: the inline budget of execute_code
     * ({@code sandbox.inline-output-bytes}), so a page puts no more into the model's context than a run does.
     */
    public int pageBytes() {
        return sandbox.settings().inlineOutputBytes();
    }

    /** A run of {@code owner} without its output: status, and in the next offsets how much each stream wrote. */
    public ExecutionView summary(String owner, String id) {
        return find(owner, id).summary();
    }

    /**
     * A run of {@code owner} with a page of each stream; with {@code waitS} it first waits until output past
     * the offsets arrives or the run ends (a queued run starting does not end the wait). The wait holds no thread: the answer completes on the
     * run's next change or at the timeout.
     *
     * @param maxBytes bytes of each stream in the page; null for {@link #pageBytes()}
     * @param callerGone completes when nobody waits for the answer any more (the client left or cancelled): the wait
     *                   ends then and gives its place among the tenant's long-polls back
     * @throws InvalidInputException on invalid input or an unknown run
     * @throws SandboxBusyException  when the tenant has its limit of long-polls pending ({@link LongPolls})
     */
    public CompletionStage<ExecutionView> get(String owner, String id, long stdoutOffset, long stderrOffset,
            int waitS, Integer maxBytes, CompletionStage<?> callerGone) {
        if (waitS < 0 || waitS > MAX_WAIT_S) {
            throw new InvalidInputException("wait_s", "must be between 0 and " + MAX_WAIT_S + " seconds, got " + waitS);
        }
        int pageBytes = maxBytes == null ? pageBytes() : maxBytes;
        if (pageBytes < MIN_MAX_BYTES || pageBytes > MAX_MAX_BYTES) {
            throw new InvalidInputException("max_bytes", "must be between " + MIN_MAX_BYTES + " and " + MAX_MAX_BYTES
                    + ", got " + pageBytes);
        }
        BackgroundRun run = find(owner, id);
        ExecutionView now = run.view(stdoutOffset, stderrOffset, pageBytes);
        if (waitS == 0 || now.finished()) {
            return CompletableFuture.completedFuture(named(run, now));
        }
        TenantCounts.Place held = polls.take(Caller.tenantOrSelf(owner));
        CompletableFuture<Void> change = run.nextOutput(stdoutOffset, stderrOffset);
        callerGone.thenRun(() -> change.complete(null));
        // Answered off the thread that completed the change: a worker's output reader must not write responses.
        return change.completeOnTimeout(null, waitS, TimeUnit.SECONDS).handleAsync((done, failure) -> {
            run.forget(change);
            held.close();
            return named(run, run.view(stdoutOffset, stderrOffset, pageBytes));
        }, answers);
    }

    /**
     * Cancels a run of {@code owner}: idempotent, and a finished run stays as it was. Waits briefly for a running
     * run to stop, so the answer usually says it ended; its output is left out (read it with {@link #get}).
     */
    public ExecutionView cancel(String owner, String id) {
        BackgroundRun run = find(owner, id);
        run.cancel();
        Duration grace = sandbox.settings().cancelGrace();
        try {
            run.awaitEnd(grace.plus(grace).plus(CANCEL_MARGIN));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return named(run, run.summary());
    }

    /** Asks a run of {@code owner} to stop and returns at once (see {@link #cancel}). */
    public void requestCancel(String owner, String id) {
        find(owner, id).cancel();
    }

    /**
     * For streaming a run's events: the run, if {@code owner} has it. A stream counts as a pending long-poll of the
     * tenant until it is closed.
     *
     * @throws SandboxBusyException when the tenant has its limit of long-polls pending ({@link LongPolls})
     */
    public Watch watch(String owner, String id) {
        BackgroundRun run = find(owner, id);
        return new Watch(run, polls.take(Caller.tenantOrSelf(owner)), view -> named(run, view));
    }

    /** Reads one run page by page and waits for it to change, for a stream of its events; close it at the end. */
    public static final class Watch implements AutoCloseable {
        private final BackgroundRun run;
        private final TenantCounts.Place held;
        private final UnaryOperator<ExecutionView> named;

        private Watch(BackgroundRun run, TenantCounts.Place held, UnaryOperator<ExecutionView> named) {
            this.run = run;
            this.held = held;
            this.named = named;
        }

        @Override
        public void close() {
            held.close();
        }

        public ExecutionView view(long stdoutOffset, long stderrOffset) {
            return named.apply(run.view(stdoutOffset, stderrOffset, STREAM_PAGE_BYTES));
        }

        /** The run's state as its views name it: queued, running or finished. */
        public String status() {
            return run.state().key();
        }

        /** Waits up to {@code wait} for output past the offsets, a state other than {@code status}, or the end. */
        public void awaitChange(long stdoutOffset, long stderrOffset, String status, Duration wait)
                throws InterruptedException {
            run.awaitChange(stdoutOffset, stderrOffset,
                    BackgroundRun.State.valueOf(status.toUpperCase(java.util.Locale.ROOT)), wait);
        }
    }

    /** Every tenant's runs: the operator's metrics. */
    public RunStats stats() {
        return stats(run -> true, outcomes.get());
    }

    /** {@code tenant}'s runs only: another tenant's never show in its stats (docs/THREAT_MODEL.md, T10). */
    public RunStats stats(String tenant) {
        return stats(run -> Caller.tenantOrSelf(run.owner).equals(tenant),
                tenantOutcomes.getOrDefault(tenant, OutcomeCounts.NONE));
    }

    private RunStats stats(java.util.function.Predicate<BackgroundRun> among, OutcomeCounts finishedSinceStart) {
        sweep();
        long queued = 0;
        long running = 0;
        long finished = 0;
        for (BackgroundRun run : runs.values()) {
            if (!among.test(run)) {
                continue;
            }
            switch (run.state()) {
                case QUEUED -> queued++;
                case RUNNING -> running++;
                case FINISHED -> finished++;
            }
        }
        return new RunStats(queued, running, finished, finishedSinceStart);
    }

    private BackgroundRun find(String owner, String id) {
        if (id == null || id.isBlank()) {
            throw new InvalidInputException("execution_id", "is required: the execution_id execute_code returned");
        }
        if (!ReplicaIdentity.minted(id)) {
            // Mistyped or made up ("1", a session handle cut short): neither expired nor another server's.
            throw new InvalidInputException("execution_id", "\"" + InvalidInputException.echo(id) + "\" is not an "
                    + "execution id: pass one execute_code returned (a server id, a dot, 32 hex digits)",
                    InvalidInputException.Kind.NOT_FOUND);
        }
        sweep();
        BackgroundRun run = runs.get(id);
        // A run belongs to its tenant, whichever connection asks; another tenant's answers exactly as a missing one
        // does, so ids cannot be probed.
        if (run == null || !sameTenant(run.owner, owner)) {
            String issuer = ReplicaIdentity.issuer(id).orElse(replica.id());
            if (!issuer.equals(replica.id())) {
                // Routed to another replica, or this one restarted: say so rather than "no such execution".
                throw new InvalidInputException("execution_id", "was started by server "
                        + InvalidInputException.echo(issuer) + ", not this one (" + replica.id() + "); runs live in "
                        + "the memory of the server that started them and are gone if it stopped",
                        InvalidInputException.Kind.NOT_FOUND);
            }
            throw new InvalidInputException("execution_id", "no such execution for this tenant; finished runs are "
                    + "kept for " + Durations.inWords(config.finishedTtl(), ""),
                    InvalidInputException.Kind.NOT_FOUND);
        }
        return run;
    }

    /**
     * {@code view} naming the vault its run acts for once that vault holds tokens: a run that tokenized through
     * {@code import pii} says where its tokens are, whoever reads it. Checked on every view, as the run may tokenize
     * at any point. An owner naming no tenant (a test's bare id) has no vault handle.
     */
    private ExecutionView named(BackgroundRun run, ExecutionView view) {
        return run.owner.indexOf('/') > 0 ? view.withVault(vaults.handleIfUsed(run.owner)) : view;
    }

    private static boolean sameTenant(String runOwner, String owner) {
        return owner != null && runOwner.indexOf('/') > 0 && owner.indexOf('/') > 0
                && Caller.tenantOf(runOwner).equals(Caller.tenantOf(owner));
    }

    private BackgroundRun submit(ExecuteCommand command, boolean awaited) {
        String owner = command.owner() == null ? "" : command.owner();
        BackgroundRun run;
        Supplier<ExecutionResult> task;
        synchronized (this) {
            sweep();
            makeRoom(owner);
            run = new BackgroundRun(newId(), owner, config.retainedBytes(), awaited,
                    result -> {
                        outcomes.updateAndGet(counts -> counts.plus(result));
                        tenantOutcomes.merge(Caller.tenantOrSelf(owner), OutcomeCounts.NONE.plus(result),
                                (counts, one) -> counts.plus(result));
                    });
            task = sandbox.admit(command, config.maxTimeoutS(), run.hooks(), run.id);
            runs.put(run.id, run);
        }
        threads.execute(() -> run.finish(runToEnd(run, task)));
        return run;
    }

    private static ExecutionResult runToEnd(BackgroundRun run, Supplier<ExecutionResult> task) {
        try {
            return task.get();
        } catch (SandboxBusyException e) {
            return failed(run, "SandboxBusy: " + e.getMessage());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "background run failed in the server: {0}", e.getClass().getName());
            return failed(run, "SandboxError: the run failed inside the server");
        }
    }

    private static ExecutionResult failed(BackgroundRun run, String message) {
        run.hooks().note(true, message + "\n");
        return new ExecutionResult("", message + "\n", 1, 0, false, false);
    }

    /**
     * Makes room for one more run of {@code owner}: drops the caller's oldest finished run when it holds its maximum,
     * and its tenant's oldest finished runs while the tenant's reserved output bytes or the server's run count would
     * go past their limits. Never another tenant's: one tenant's flood cannot evict another's results.
     */
    private void makeRoom(String owner) {
        long held = runs.values().stream().filter(r -> r.owner.equals(owner)).count();
        if (held >= config.maxPerCaller() && !dropOldestFinished(r -> r.owner.equals(owner))) {
            throw new InvalidInputException("background", "this caller already has " + config.maxPerCaller()
                    + " unfinished background runs, the limit; wait for one or cancel one",
                    InvalidInputException.Kind.CONFLICT);
        }
        String tenant = Caller.tenantOrSelf(owner);
        java.util.function.Predicate<BackgroundRun> ofTenant = r -> Caller.tenantOrSelf(r.owner).equals(tenant);
        long budget = config.retainedBytesPerTenant();
        while (runs.values().stream().filter(ofTenant).count() * bytesPerRun + bytesPerRun > budget) {
            if (!dropOldestFinished(ofTenant)) {
                throw new InvalidInputException("background", "this tenant's unfinished background runs reserve "
                        + runs.values().stream().filter(ofTenant).count() * bytesPerRun + " bytes of retained output ("
                        + bytesPerRun + " each), its budget (" + RETAINED_BUDGET + "=" + budget
                        + "); wait for one or cancel one", InvalidInputException.Kind.CONFLICT);
            }
        }
        if (runs.size() >= config.maxTotal() && !dropOldestFinished(ofTenant)) {
            throw new InvalidInputException("background", "the server holds " + config.maxTotal()
                    + " background runs, its limit (sandbox.runs.max-total), none of them a finished one of this "
                    + "tenant's; retry later", InvalidInputException.Kind.CONFLICT);
        }
    }

    private boolean dropOldestFinished(java.util.function.Predicate<BackgroundRun> among) {
        return runs.values().stream()
                .filter(among)
                .filter(r -> r.finishedAt() != Long.MAX_VALUE)
                .min(Comparator.comparingLong(BackgroundRun::finishedAt))
                .map(r -> runs.remove(r.id, r))
                .orElse(false);
    }

    private void sweep() {
        long cutoff = System.nanoTime() - config.finishedTtl().toNanos();
        runs.values().removeIf(r -> r.finishedBefore(cutoff));
    }

    private String newId() {
        return replica.mint(random);
    }
}
