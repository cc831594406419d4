package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.ExecutionLimits;
import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.LatencyWindow;
import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.SandboxBusyException;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.SessionKey;
import dev.codeexec.sandbox.Spares;
import dev.codeexec.sandbox.SessionTable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.IntStream;

/**
 * Which worker runs each execution, and the pool of workers that policy needs. A worker serves one tenant (one
 * workspace) for its whole life: its OS sandbox binds only that workspace, and a worker killed by one tenant's run
 * loses only that tenant's sessions and warm interpreters. A worker takes up to sandbox.worker.concurrent-runs of its
 * tenant's runs at once, one per {@link Lane}: a busy tenant's second run goes beside the first instead of waiting for
 * a second worker's start. A run waits for a free lane of its tenant, in its tenant's line. The pool starts a worker
 * for every served tenant ahead ({@link InitialPool}); when a tenant has none, nor one starting, a worker is started
 * for it in a free place of the pool (sandbox.max-workers), or, when the pool is full, in the place of another tenant's
 * idle worker, which is recycled (one with no sessions first). No more runs go at once than there are running slots,
 * nor more of one tenant's than {@link SlotShares} allows: with several tenants one slot always stays for the others.
 *
 * <p>Within a tenant, persistent sessions are pinned to one worker; any other run takes any free worker of its tenant,
 * each of which keeps warm interpreters for the tenant's runs, so no run waits for one worker or rebuilds an
 * interpreter because it went to another.
 *
 * <p>Idle, the pool shrinks to one worker per tenant ({@link #stopIdle}); load starts the others again on demand.
 * Starting one, retries included, is {@link WorkerStarts}'s.
 *
 * <p>Where workers have no Truffle compiler, a tenant's first worker starts quick, compiled by C1 alone: the first
 * call after a start comes about a second sooner on 2 cores, another tenant's first call seconds sooner, and data work
 * runs about half as fast on it. A worker with both compilers takes its place once it has served its first run and
 * fallen quiet ({@link #startSuccessor}).
 *
 * <p>This class holds the pool's one lock, its own monitor; the pool's state and rules are in parts that hold none
 * ({@link WorkerLanes}, {@link TenantLines}, {@link PoolStarts}, {@link WorkerSupply}, {@link WorkerRetirement} and
 * theirs) and are called only under it. A run's wait for a lane and every change to the workers must see one state,
 * and each change hands out the lanes that came free and wakes the waiting runs before any of them looks again; with
 * one lock there is no order of locks to get wrong.
 */
final class WorkerPlacement {

    private static final Logger LOG = Logger.getLogger(WorkerPlacement.class.getName());

    /** Starts a worker for the tenant whose workspace is given; it is not ready yet. */
    @FunctionalInterface
    interface Starter {
        WorkerProcess start(int number, Path workspace, WorkerStart how, WorkerPlacement placement) throws IOException;
    }

    /** The caller cancelled a run still waiting for a worker. */
    static final class CancelledWhileWaiting extends RuntimeException {
        CancelledWhileWaiting() {
            super(null, null, false, false);
        }
    }

    private final SandboxSettings settings;
    private final Path defaultWorkspace;
    private final int lanesPerWorker;
    private final Duration idleStop;
    private final PoolHousekeeping housekeeping = new PoolHousekeeping();
    private final WorkerLanes<Lane, WorkerProcess> lanes = new WorkerLanes<>(Lane::worker);
    private final TenantLines<Lane, WorkerProcess> lines;
    private final QuickWorkers<WorkerProcess> quick = new QuickWorkers<>(lanes);
    private final Draining<WorkerProcess> draining = new Draining<>();
    private final SessionDrops<WorkerProcess> drops = new SessionDrops<>();
    private final SparesTally<WorkerProcess> sparesTally = new SparesTally<>();
    private final PoolStarts poolStarts;
    private final WorkerRetirement retirement;
    private final WorkerSupply supply;
    final SessionTable<WorkerProcess> sessions;
    final LatencyWindow contextBuilds = new LatencyWindow(256);
    final WorkerStarts starts;
    private volatile boolean closed;
    private volatile boolean warmedUp;

    /**
     * @param served   the workspaces of the tenants callers can reach, in order (at least one): the initial pool is
     *                 started for them
     * @param poolFull runs once the initial workers are all ready (the ahead-of-time cache is recorded then)
     * @param totalMemory the machine's (or container's) memory in bytes, which bounds the default pool
     * @param quickFirst whether a tenant's first worker may start quick (it does when the pool has room for its
     *                   successor)
     * @param shares   how the running slots are shared between tenants
     */
    WorkerPlacement(SandboxSettings settings, Path defaultWorkspace, List<Path> served, Starter starter,
            Runnable poolFull, long totalMemory, boolean quickFirst, SlotShares shares) {
        this.settings = settings;
        this.defaultWorkspace = defaultWorkspace.toAbsolutePath().normalize();
        this.starts = new WorkerStarts(starter, settings.worker().startTimeout());
        this.lanesPerWorker = settings.worker().concurrentRuns();
        PoolPlaces places = PoolPlaces.of(settings.maxWorkers(), settings.workersForSlots(), served.size(),
                settings.worker().heapMb(), totalMemory);
        int capacity = places.places();
        if (places.boundByMemory()) {
            LOG.log(Level.WARNING, "sandbox: {0} tenants are served, but memory holds {1} workers (each budgeted its "
                    + "{2} MiB heap and {3} MiB more): a tenant without a worker waits for a start at its first call. "
                    + "Set sandbox.max-workers to choose", new Object[] {served.size(), capacity,
                    settings.worker().heapMb(), PoolPlaces.OVERHEAD_MB});
        }
        this.idleStop = settings.worker().idleStop();
        boolean quickStarts = quickFirst && capacity >= 2;
        this.sessions = new SessionTable<>(settings.maxSessionsPerTenant(),
                SandboxSettings.sessionBackstopTtl(settings.sessionIdleTtl()),
                entry -> scheduleDrop(entry.handle(), entry.key()));
        this.lines = new TenantLines<>(settings.maxConcurrent(), shares, lanes);
        this.poolStarts = new PoolStarts(lanes, capacity, quickStarts,
                InitialPool.plan(served.stream().map(p -> p.toAbsolutePath().normalize()).toList(),
                        settings.workersForSlots(), capacity),
                (tenant, how) -> starts.start(tenant, how, this), () -> background(poolFull));
        this.retirement = new WorkerRetirement(lanes, draining, quick, sparesTally, drops, sessions, poolStarts,
                this::changed, this::background);
        this.supply = new WorkerSupply(lanes, lines, poolStarts, retirement, sessions);
        // Under the lock, as every change to the parts: the worker it starts may report ready on another thread at once.
        synchronized (this) {
            poolStarts.startInitialPool();
        }
        if (quickStarts) {
            housekeeping.everySecond(() -> startSuccessor(System.nanoTime()));
        }
        if (idleStop.isPositive()) {
            housekeeping.forIdleStop(idleStop, () -> stopIdle(System.nanoTime()));
        }
    }

    /** The workspace a request's tenant owns: the default one when it names none. */
    Path tenantOf(ExecutionRequest request) {
        return request.workspace() == null ? defaultWorkspace : request.workspace().toAbsolutePath().normalize();
    }

    /** A free lane of any worker of the request's tenant. */
    Lane takeAny(ExecutionRequest request) {
        return acquire(null, request);
    }

    /** A lane of the session's worker once one is free, or null when the worker died meanwhile. */
    Lane take(WorkerProcess pinned, ExecutionRequest request) {
        return acquire(pinned, request);
    }

    /** The tenant's worker holding the fewest sessions, for a new session; one is awaited if the tenant has none. */
    WorkerProcess leastPinnedWorker(ExecutionRequest request) {
        WorkerProcess best;
        synchronized (this) {
            // Not one that is draining: it is about to be replaced, and the new session would be lost with it.
            best = lanes.workersOf(tenantOf(request)).stream().filter(w -> !draining.contains(w))
                    .min(Comparator.comparingInt(sessions::count)).orElse(null);
        }
        if (best == null) {
            Lane lane = takeAny(request);
            release(lane, true);
            best = lane.worker();
        }
        return best;
    }

    /**
     * Waits in its tenant's line for a worker of its tenant: {@code pinned} (a session's) and nothing else, else any.
     * Returns null when {@code pinned} died. A long background run may wait as long as a run of its own length ahead of it could take.
     *
     * @throws CancelledWhileWaiting when the caller cancels the run meanwhile
     */
    private synchronized Lane acquire(WorkerProcess pinned, ExecutionRequest request) {
        long deadline = System.nanoTime() + settings.worker().startTimeout().toNanos()
                + Duration.ofSeconds(Math.max(ExecutionLimits.MAX_TIMEOUT_S, request.timeout().toSeconds())).toNanos();
        RunHooks hooks = request.hooks();
        hooks.cancellation().thenRun(this::wakeWaiters);
        Path tenant = tenantOf(request);
        WaitLine.Waiter<Lane, WorkerProcess> waiter = lines.join(tenant, pinned);
        try {
            while (true) {
                dispatch();
                if (waiter.granted != null) {
                    return waiter.granted;
                }
                if (pinned != null && !lanes.isLive(pinned)) {
                    return null;
                }
                if (hooks.cancelRequested()) {
                    throw new CancelledWhileWaiting();
                }
                if (closed) {
                    throw new IllegalStateException("the sandbox is shutting down");
                }
                String failure = poolStarts.failure(tenant);
                if (pinned == null && failure != null && lanes.workersOf(tenant).isEmpty()) {
                    // Not held until the deadline, minutes later, to be called busy: the caller hears why now.
                    throw new SandboxBusyException(failure);
                }
                if (poolStarts.initialHeld()) {
                    continueInitialPool(false);
                }
                if (pinned == null) {
                    supply.provideFor(tenant);
                }
                long now = System.nanoTime();
                if (now >= deadline) {
                    throw new SandboxBusyException(lanes.busyLanes(), waiting() - 1);
                }
                wait(Math.max(1, (deadline - now) / 1_000_000));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (waiter.granted != null) {
                return waiter.granted;
            }
            throw new SandboxBusyException(lanes.busyLanes(), waiting() - 1);
        } finally {
            lines.leave(tenant, waiter);
        }
    }

    synchronized int waiting() {
        return lines.waiting();
    }

    private synchronized void wakeWaiters() {
        notifyAll();
    }

    /** Hands free lanes to waiting runs ({@link TenantLines}); wakes the waiters when it did. Called under the lock. */
    private void dispatch() {
        if (lines.dispatch(sessions::count)) {
            notifyAll();
        }
    }

    /** The workers changed: what came free is handed out, and every waiter looks at its own case again. */
    private void changed() {
        dispatch();
        notifyAll();
    }

    /** Back in the pool after a run; {@code first} puts it at the front (it was taken only to be pinned). */
    synchronized void release(Lane lane, boolean first) {
        WorkerProcess worker = lane.worker();
        if (!lanes.isLive(worker) || retirement.runEnded(worker, lanes.runEnded(worker))) {
            return;
        }
        long now = System.nanoTime();
        lanes.free(lane, first, now);
        quick.runEnded(worker, now);
        changed();
        if (poolStarts.initialHeld()) {
            continueInitialPool(false);
        }
    }

    /** {@link PoolStarts#continueInitialPool}, with whether a run waits for a lane. Called under the lock. */
    private void continueInitialPool(boolean mayHold) {
        poolStarts.continueInitialPool(mayHold, lines.ungranted() > 0);
    }

    /** See {@link WorkerRetirement#retireWhenFree}. */
    synchronized void retireWhenFree(WorkerProcess worker, String why) {
        retirement.retireWhenFree(worker, why);
    }

    /** See {@link WorkerRetirement#replaceOverrun}. */
    synchronized void replaceOverrun(WorkerProcess worker, String why) {
        if (!closed) {
            retirement.replaceOverrun(worker, why);
        }
    }

    /**
     * Kills the worker now, with any other runs on it; its tenant's sessions on it are lost, and a replacement starts
     * for the same tenant.
     */
    void retire(WorkerProcess worker, String why) {
        worker.kill();
        synchronized (this) {
            Path tenant = lanes.tenantOf(worker);
            if (tenant != null) {
                retirement.retire(worker, why, tenant);
            }
        }
    }

    /**
     * Stops the workers that have served nothing since sandbox.worker.idle-stop before {@code nowNanos}, as long as
     * their tenant keeps another ({@link WorkerRetirement#forgetIdle}); load starts them again on demand
     * ({@link WorkerSupply#provideFor}).
     *
     * @return the workers stopped
     */
    List<WorkerProcess> stopIdle(long nowNanos) {
        List<WorkerProcess> stopped;
        synchronized (this) {
            if (!idleStop.isPositive() || closed) {
                return List.of();
            }
            stopped = retirement.forgetIdle(nowNanos - idleStop.toNanos(), nowNanos);
        }
        for (WorkerProcess worker : stopped) {
            LOG.log(Level.INFO, "sandbox worker {0} (pid {1}) stopped: it served nothing for {2} s",
                    new Object[] {worker.number(), worker.pid(), idleStop.toSeconds()});
            worker.stop();
        }
        return stopped;
    }

    synchronized void scheduleDrop(WorkerProcess worker, SessionKey key) {
        if (lanes.isLive(worker)) {
            drops.add(worker, key);
        }
    }

    synchronized List<SessionKey> takeDrops(WorkerProcess worker) {
        return drops.take(worker);
    }

    /**
     * Starts, for each quick worker whose successor is due ({@link QuickWorkers}), the worker that takes its place
     * ({@link PoolStarts#startSuccessors}). Not while a tenant still waits for its first worker: a start is seconds of
     * CPU on 2 cores, and a tenant with no worker at all needs it more.
     *
     * @return whether it started one
     */
    synchronized boolean startSuccessor(long nowNanos) {
        if (closed || poolStarts.firstWorkersPending()) {
            return false;
        }
        return poolStarts.startSuccessors(quick.successorDue(nowNanos).stream().map(lanes::tenantOf).toList());
    }

    /**
     * A worker started for {@code tenant} is ready: it joins the pool, and the initial pool goes on. One that is not
     * quick takes the place of its tenant's quick worker.
     */
    void joined(WorkerProcess worker, Path tenant, WorkerStart how) {
        synchronized (this) {
            if (closed) {
                worker.stop();
                return;
            }
            WorkerProcess quickOfTenant = quick.of(tenant);
            lanes.join(worker, tenant, IntStream.range(0, lanesPerWorker).mapToObj(i -> new Lane(worker, i)).toList(),
                    System.nanoTime());
            poolStarts.joined(tenant);
            if (how == WorkerStart.QUICK) {
                quick.add(worker);
            } else if (quickOfTenant != null) {
                retirement.supersedeQuick(quickOfTenant, worker);
            }
            changed();
            if (!poolStarts.initialHeld()) {
                continueInitialPool(true);
            }
        }
        warmedUp = true;
    }

    /**
     * A start for {@code tenant} failed and is tried again after {@code retryIn}: its runs waiting for a worker, and
     * those that come while it has none, fail with {@code why} (metadata only: the worker's own output goes to the log).
     */
    synchronized void startFailed(Path tenant, String why, Duration retryIn) {
        poolStarts.failed(tenant, why, retryIn);
        notifyAll();
    }

    /** A start for {@code tenant} was given up (the pool is closing). */
    synchronized void abandoned(Path tenant) {
        poolStarts.abandoned(tenant);
    }

    /** Runs {@code task} on the starts' threads, off the request path. */
    void background(Runnable task) {
        starts.background(task);
    }

    boolean warmedUp() {
        return warmedUp;
    }

    synchronized void noteSpares(WorkerProcess worker, Spares spares) {
        if (lanes.isLive(worker)) {
            sparesTally.note(worker, spares);
        }
    }

    synchronized Spares spares() {
        return sparesTally.total();
    }

    /** The live workers' process ids. */
    synchronized List<Long> pids() {
        return lanes.workers().stream().map(WorkerProcess::pid).toList();
    }

    /** Workers: live, idle (no run on any lane), starting, the initial pool's still waiting their turn, replaced. */
    record Counts(int live, int idle, int starting, int queued, long replaced, long tenantSwitches) {
    }

    synchronized Counts counts() {
        return new Counts(lanes.size(), (int) lanes.idleWorkers().count(), poolStarts.total(), poolStarts.queued(),
                retirement.replaced(), supply.tenantSwitches());
    }

    /** Stops every worker; runs still waiting fail. */
    void close() {
        List<WorkerProcess> workers;
        synchronized (this) {
            closed = true;
            poolStarts.close();
            workers = lanes.clear();
            notifyAll();
        }
        workers.forEach(WorkerProcess::stop);
        housekeeping.close();
        starts.close();
    }
}
