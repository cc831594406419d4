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
import dev.codeexec.sandbox.WarmCounters;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Which worker runs each execution, and the pool of workers that policy needs. A worker serves one tenant (one
 * workspace) for its whole life: its OS sandbox binds only that workspace, and a worker killed by one tenant's run
 * loses only that tenant's sessions and warm interpreters. A worker takes up to sandbox.worker.concurrent-runs of its
 * tenant's runs at once, one per {@link Lane}: a busy tenant's second run goes beside the first instead of waiting for
 * a second worker's start. A run waits for a free lane of its tenant, in its tenant's line. The pool starts a worker
 * for every served tenant ahead ({@link #initialPool}); when a tenant has none, nor one starting, a worker is started
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
 */
final class WorkerPlacement {

    private static final Logger LOG = Logger.getLogger(WorkerPlacement.class.getName());
    /**
     * Places beyond one worker per served tenant or running slot, by default: room for a busy tenant's second worker
     * before another tenant's must go.
     */
    static final int SPARES = 1;
    /** How long the quick first worker must have run nothing, after its first run, before its successor starts. */
    static final Duration QUICK_QUIET = Duration.ofSeconds(2);
    /** How long after the quick worker's first run its successor starts at the latest, quiet or not. */
    static final Duration QUICK_AT_LATEST = Duration.ofSeconds(20);

    /** Starts a worker for the tenant whose workspace is given; it is not ready yet. */
    @FunctionalInterface
    interface Starter {
        WorkerProcess start(int number, Path workspace, WorkerStart how, WorkerPlacement placement) throws IOException;
    }

    /** How a drained worker goes once its runs are over. */
    private enum Leaving {
        /** Killed and counted as replaced, and a worker started for its tenant. */
        RETIRE_AND_REPLACE,
        /** Killed and counted as replaced; its replacement was started while it drained. */
        RETIRE,
        /** Stopped: a quick worker, whose successor is there already. */
        STOP
    }

    /** Why a worker is drained, and how it goes. */
    private record Drain(String why, Leaving leaving) {
    }

    /** The caller cancelled a run still waiting for a worker. */
    static final class CancelledWhileWaiting extends RuntimeException {
        CancelledWhileWaiting() {
            super(null, null, false, false);
        }
    }

    private final SandboxSettings settings;
    private final Path defaultWorkspace;
    private final int runningSlots;
    /** Each tenant's cap on running slots, and its share while others wait. */
    private final SlotShares shares;
    private final int lanesPerWorker;
    /** Workers the pool may hold. */
    private final int capacity;
    /** Lanes free to take, of live workers. */
    private final Deque<Lane> idle = new ArrayDeque<>();
    /** Each live worker's lanes taken by runs. */
    private final Map<WorkerProcess, Integer> out = new HashMap<>();
    /** Workers to retire once their runs are over: no run is given a lane on them meanwhile. */
    private final Map<WorkerProcess, Drain> draining = new HashMap<>();
    /** When each worker became ready or last finished a run ({@link System#nanoTime}). */
    private final Map<WorkerProcess, Long> idleSince = new HashMap<>();
    private final Duration idleStop;
    private final ScheduledExecutorService housekeeping = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("sandbox-worker-idle").factory());
    /** Every live worker and the workspace of the tenant it serves. */
    private final Map<WorkerProcess, Path> live = new HashMap<>();
    private final Map<Path, WaitLine<Lane, WorkerProcess>> lines = new LinkedHashMap<>();
    /** Runs of each tenant waiting for any of its workers (not for a session's). */
    private final Map<Path, Integer> wanting = new HashMap<>();
    private final Map<Path, Integer> starting = new HashMap<>();
    /** Why each tenant's last worker start failed, while the tenant has no live worker; cleared when one joins. */
    private final Map<Path, String> startFailures = new HashMap<>();
    private final Map<WorkerProcess, List<SessionKey>> pendingDrops = new HashMap<>();
    final SessionTable<WorkerProcess> sessions;
    final WarmCounters warmCounters = new WarmCounters();
    final LatencyWindow contextBuilds = new LatencyWindow(256);
    final WorkerStarts starts;
    /**
     * The tenants of the initial pool's workers not yet started; each starts once the one before it is ready, or,
     * when that one went straight to the only run waiting, once that run ends or another run waits
     * ({@link #continueInitialPool}).
     */
    private final Deque<Path> initial = new ArrayDeque<>();
    private boolean initialHeld;
    private final AtomicLong replaced = new AtomicLong();
    /** Workers recycled so that another tenant could have their place. */
    private final AtomicLong tenantSwitches = new AtomicLong();
    /** Each live worker's spares taken and built, as it last reported them, and those of workers gone. */
    private final Map<WorkerProcess, Spares> workerSpares = new HashMap<>();
    private Spares retiredSpares = Spares.NONE;
    private final Runnable poolFull;
    /**
     * The quick workers (a tenant's first, compiled by C1 alone) until one with both compilers takes each one's place,
     * with when each one's first run ended ({@link System#nanoTime}; 0 before).
     */
    private final Map<WorkerProcess, Long> quick = new HashMap<>();
    /** Whether a tenant's first worker starts quick: no Truffle compiler, and a place for its successor. */
    private final boolean quickStarts;
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
        this.shares = shares;
        this.settings = settings;
        this.defaultWorkspace = defaultWorkspace.toAbsolutePath().normalize();
        this.starts = new WorkerStarts(starter, settings.worker().startTimeout());
        this.poolFull = poolFull;
        this.runningSlots = settings.maxConcurrent();
        this.lanesPerWorker = settings.worker().concurrentRuns();
        PoolPlaces places = PoolPlaces.of(settings.maxWorkers(), settings.workersForSlots(), served.size(),
                settings.worker().heapMb(), totalMemory);
        this.capacity = places.places();
        if (places.boundByMemory()) {
            LOG.log(Level.WARNING, "sandbox: {0} tenants are served, but memory holds {1} workers (each budgeted its "
                    + "{2} MiB heap and {3} MiB more): a tenant without a worker waits for a start at its first call. "
                    + "Set sandbox.max-workers to choose", new Object[] {served.size(), capacity,
                    settings.worker().heapMb(), PoolPlaces.OVERHEAD_MB});
        }
        this.idleStop = settings.worker().idleStop();
        this.quickStarts = quickFirst && capacity >= 2;
        this.sessions = new SessionTable<>(settings.maxSessionsPerTenant(),
                SandboxSettings.sessionBackstopTtl(settings.sessionIdleTtl()),
                entry -> scheduleDrop(entry.handle(), entry.key()));
        // Staggered: on a small machine, workers started together share the cores and all become ready late;
        // one at a time, the first serves while the next builds.
        synchronized (this) {
            initial.addAll(initialPool(served.stream().map(p -> p.toAbsolutePath().normalize()).toList(),
                    settings.workersForSlots(), capacity));
            spawnFirst(initial.removeFirst());
        }
        if (quickStarts) {
            housekeeping.scheduleWithFixedDelay(() -> startSuccessor(System.nanoTime()), 1, 1, TimeUnit.SECONDS);
        }
        if (idleStop.isPositive()) {
            // Often enough that a worker outlives its idle time by a quarter of it at most.
            long period = Math.clamp(idleStop.toMillis() / 4, 1_000, 30_000);
            housekeeping.scheduleWithFixedDelay(() -> stopIdle(System.nanoTime()), period, period,
                    TimeUnit.MILLISECONDS);
        }
    }

    /**
     * The tenants of the initial pool's workers: the workers the running slots need ({@code slotWorkers}) go round the
     * served tenants, then each tenant still without a worker gets one while the pool has places, so that every
     * tenant's first call finds its worker ready. A worker serves one tenant for its life, so a spare cannot wait for
     * whichever tenant comes next: each tenant's is started ahead. The last place is left empty when every tenant has a
     * worker.
     */
    static List<Path> initialPool(List<Path> served, int slotWorkers, int capacity) {
        List<Path> pool = new ArrayList<>();
        for (int i = 0; i < slotWorkers; i++) {
            pool.add(served.get(i % served.size()));
        }
        for (int i = slotWorkers; i < served.size() && pool.size() < capacity; i++) {
            pool.add(served.get(i));
        }
        return pool;
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
            best = workersOf(tenantOf(request)).stream().filter(w -> !draining.containsKey(w))
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
        WaitLine<Lane, WorkerProcess> line = lines.computeIfAbsent(tenant, t -> new WaitLine<>(runningSlots, Lane::worker));
        WaitLine.Waiter<Lane, WorkerProcess> waiter = line.join(pinned, tenant.toString());
        if (pinned == null) {
            wanting.merge(tenant, 1, Integer::sum);
        }
        try {
            while (true) {
                dispatch();
                if (waiter.granted != null) {
                    return waiter.granted;
                }
                if (pinned != null && !live.containsKey(pinned)) {
                    return null;
                }
                if (hooks.cancelRequested()) {
                    throw new CancelledWhileWaiting();
                }
                if (closed) {
                    throw new IllegalStateException("the sandbox is shutting down");
                }
                String failure = startFailures.get(tenant);
                if (pinned == null && failure != null && workersOf(tenant).isEmpty()) {
                    // Not held until the deadline, minutes later, to be called busy: the caller hears why now.
                    throw new SandboxBusyException(failure);
                }
                if (initialHeld) {
                    continueInitialPool(false);
                }
                if (pinned == null) {
                    provideFor(tenant);
                }
                long now = System.nanoTime();
                if (now >= deadline) {
                    throw new SandboxBusyException(busyLanes(), waiting() - 1);
                }
                wait(Math.max(1, (deadline - now) / 1_000_000));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (waiter.granted != null) {
                return waiter.granted;
            }
            throw new SandboxBusyException(busyLanes(), waiting() - 1);
        } finally {
            line.leave(waiter);
            if (pinned == null) {
                wanting.merge(tenant, -1, Integer::sum);
            }
        }
    }

    /**
     * A tenant with a run waiting and a free running slot, but no free lane and no worker starting, gets a worker: in
     * a free place of the pool, else in that of another tenant's idle worker, recycled for it. Not a tenant holding
     * its cap of slots: its run waits for its own runs, and another tenant's worker must not go for it.
     */
    private void provideFor(Path tenant) {
        if (starting.getOrDefault(tenant, 0) > 0 || busyLanes() >= runningSlots
                || busy(tenant) >= shares.perTenant()
                || idle.stream().anyMatch(lane -> tenant.equals(live.get(lane.worker())))) {
            return;
        }
        if (live.size() + startingCount() < capacity) {
            // It takes its tenant's place in the initial pool, if that was still to start: no second one later.
            initial.removeFirstOccurrence(tenant);
            spawnFirst(tenant);
            return;
        }
        // Another tenant's idle worker that no run of its own is waiting for: one whose tenant keeps another worker
        // first (recycling a tenant's last worker makes its next call wait for a start), then one without sessions,
        // then the one holding the least state.
        idleWorkers().filter(w -> !tenant.equals(live.get(w)) && (wanting.getOrDefault(live.get(w), 0) == 0
                        || busy(live.get(w)) >= share()))
                .min(Comparator.comparingInt((WorkerProcess w) -> workersOf(live.get(w)).size() > 1 ? 0 : 1)
                        .thenComparingInt(sessions::count))
                .ifPresent(victim -> {
                    tenantSwitches.incrementAndGet();
                    retireLocked(victim, "its worker process was recycled to serve another tenant", tenant);
                });
    }

    /**
     * Whether a tenant still waits for its first worker: the initial pool's next, or one starting for a tenant without
     * one. A start that failed is retried for as long as it fails, with the initial pool's rest behind it: neither
     * counts then, or every quick worker would stay on C1's code until it starts.
     */
    private boolean firstWorkersPending() {
        boolean failing = startFailures.keySet().stream().anyMatch(tenant -> !live.containsValue(tenant));
        return !initial.isEmpty() && !failing || starting.entrySet().stream()
                .anyMatch(e -> e.getValue() > 0 && !live.containsValue(e.getKey())
                        && !startFailures.containsKey(e.getKey()));
    }

    private int startingCount() {
        return starting.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Workers with every lane free, the one free longest first. */
    private java.util.stream.Stream<WorkerProcess> idleWorkers() {
        return idle.stream().map(Lane::worker).distinct().filter(w -> out.getOrDefault(w, 0) == 0);
    }

    /** Lanes taken by runs, over all workers. */
    private int busyLanes() {
        return out.values().stream().mapToInt(Integer::intValue).sum();
    }

    private List<WorkerProcess> workersOf(Path tenant) {
        return live.entrySet().stream().filter(e -> e.getValue().equals(tenant)).map(Map.Entry::getKey).toList();
    }

    synchronized int waiting() {
        return lines.values().stream().mapToInt(WaitLine::size).sum();
    }

    private synchronized void wakeWaiters() {
        notifyAll();
    }

    /**
     * Hands free workers to waiting executions, each tenant's to its own line (see {@link WaitLine}), no more busy
     * at once than there are running slots, nor for one tenant than {@link SlotShares} allows; wakes the waiters when
     * it did.
     */
    private void dispatch() {
        boolean granted = false;
        for (Map.Entry<Path, WaitLine<Lane, WorkerProcess>> entry : lines.entrySet()) {
            int free = runningSlots - busyLanes();
            if (free <= 0) {
                break;
            }
            free = shares.room(free, busy(entry.getKey()), othersWaiting(entry.getKey()), activeTenants());
            if (free <= 0) {
                continue;
            }
            // Every idle lane of the tenant is offered, at most `free` granted: offered only the first `free`, a run
            // pinned to its session's worker waited, every worker idle, while that worker's lane came later.
            List<Lane> mine = new ArrayList<>(idle.stream()
                    .filter(lane -> entry.getKey().equals(live.get(lane.worker()))).toList());
            List<Lane> before = List.copyOf(mine);
            if (entry.getValue().dispatch(mine, free, live::containsKey, sessions::count)) {
                before.stream().filter(lane -> !mine.contains(lane)).forEach(lane -> {
                    idle.remove(lane);
                    out.merge(lane.worker(), 1, Integer::sum);
                });
                granted = true;
            }
        }
        if (granted) {
            notifyAll();
        }
    }

    /** The running workers a tenant may hold while another waits: the slots split over the tenants running or waiting. */
    private int share() {
        return shares.share(activeTenants());
    }

    private int activeTenants() {
        return (int) lines.entrySet().stream().filter(e -> e.getValue().size() > 0 || busy(e.getKey()) > 0).count();
    }

    /** Lanes a tenant's runs hold. */
    private int busy(Path tenant) {
        return workersOf(tenant).stream().mapToInt(w -> out.getOrDefault(w, 0)).sum();
    }

    private boolean othersWaiting(Path tenant) {
        return lines.entrySet().stream().anyMatch(e -> !e.getKey().equals(tenant) && e.getValue().size() > 0);
    }

    /** Back in the pool after a run; {@code first} puts it at the front (it was taken only to be pinned). */
    synchronized void release(Lane lane, boolean first) {
        WorkerProcess worker = lane.worker();
        if (!live.containsKey(worker)) {
            return;
        }
        out.merge(worker, -1, Integer::sum);
        Drain drain = draining.get(worker);
        if (drain != null) {
            if (out.get(worker) == 0) {
                if (drain.leaving() == Leaving.STOP) {
                    stopDrained(worker, drain.why());
                } else {
                    retireLocked(worker, drain.why(), live.get(worker));
                }
            }
            return;
        }
        idleSince.put(worker, System.nanoTime());
        quick.replace(worker, 0L, System.nanoTime());
        if (first) {
            idle.addFirst(lane);
        } else {
            // To the back: the next execution goes to the worker that has had longest to pre-build its next context.
            idle.addLast(lane);
        }
        dispatch();
        notifyAll();
        if (initialHeld) {
            continueInitialPool(false);
        }
    }

    /**
     * Starts the initial pool's next worker. With {@code mayHold}, a worker that just became ready and went straight
     * to a run, with no other run waiting, holds the next back until that run ends or another waits: the first call
     * after a server's start does not share the two cores with a second worker's start (seconds of CPU,
     * docs/benchmarks.md). Once nothing is left to start or held back, the pool is full ({@code poolFull} runs, off
     * the lock). Called under the lock.
     */
    private void continueInitialPool(boolean mayHold) {
        if (mayHold && !initial.isEmpty() && busyLanes() > 0
                && lines.values().stream().mapToInt(WaitLine::ungranted).sum() == 0) {
            initialHeld = true;
            return;
        }
        initialHeld = false;
        Path next = initial.pollFirst();
        // A run may have started a worker in the place meanwhile: the pool stays within capacity.
        while (next != null && live.size() + startingCount() >= capacity) {
            next = initial.pollFirst();
        }
        if (next != null) {
            spawnFirst(next);
        } else {
            background(poolFull);
        }
    }

    /**
     * Replaces the worker once the runs on its other lanes are over (it takes no new ones meanwhile); at once when
     * none runs. For a worker that asked to be replaced, which its other runs need not pay for.
     */
    synchronized void retireWhenFree(WorkerProcess worker, String why) {
        if (!live.containsKey(worker)) {
            return;
        }
        Drain earlier = draining.get(worker);
        // A worker whose replacement has started (an overrun, a quick one's successor) gets no second one.
        draining.put(worker, new Drain(why, earlier == null ? Leaving.RETIRE_AND_REPLACE : Leaving.RETIRE));
        if (out.getOrDefault(worker, 0) == 0) {
            retireLocked(worker, why, live.get(worker));
            return;
        }
        idle.removeIf(lane -> lane.worker() == worker);
    }

    /**
     * A run on {@code worker} has not answered a while after its deadline: its guest ignored the cancellation (stuck in
     * a long builtin), and the worker is killed once the cancellation grace is over. The replacement starts now,
     * beside the grace, instead of after it: with the default single worker, the caller's next run waited for the
     * grace and then a whole worker start (docs/benchmarks.md). The worker takes no new run and is retired once its
     * runs are over, with nothing more started for it; for that time the pool holds one worker more than its places.
     * Not for a worker with sessions, which retiring one whose guest did stop late would lose, nor one already going.
     */
    synchronized void replaceOverrun(WorkerProcess worker, String why) {
        Path tenant = live.get(worker);
        if (closed || tenant == null || draining.containsKey(worker) || sessions.count(worker) > 0) {
            return;
        }
        LOG.log(Level.INFO, "sandbox worker {0} (pid {1}): {2}; its replacement starts now",
                new Object[] {worker.number(), worker.pid(), why});
        draining.put(worker, new Drain(why, Leaving.RETIRE));
        idle.removeIf(lane -> lane.worker() == worker);
        spawn(tenant);
    }

    /**
     * Kills the worker now, with any other runs on it; its tenant's sessions on it are lost, and a replacement starts
     * for the same tenant.
     */
    void retire(WorkerProcess worker, String why) {
        worker.kill();
        synchronized (this) {
            Path tenant = live.get(worker);
            if (tenant != null) {
                retireLocked(worker, why, tenant);
            }
        }
    }

    /** Once only: a worker can be reported twice (broke the protocol idle, while an execution was being sent). */
    private void retireLocked(WorkerProcess worker, String why, Path replacementTenant) {
        worker.kill();
        Drain drain = draining.get(worker);
        boolean replace = drain == null || drain.leaving() == Leaving.RETIRE_AND_REPLACE;
        if (!forget(worker)) {
            return;
        }
        sessions.loseWhere(w -> w == worker, why);
        replaced.incrementAndGet();
        LOG.log(Level.INFO, "sandbox worker {0} (pid {1}) retired: {2}",
                new Object[] {worker.number(), worker.pid(), why});
        if (replace) {
            spawn(replacementTenant);
        }
        dispatch();
        notifyAll();
    }

    /** Takes a worker out of the pool; false when it was not in it. Its warm interpreters go with it. */
    private boolean forget(WorkerProcess worker) {
        if (live.remove(worker) == null) {
            return false;
        }
        // Gone another way (retired, stopped idle), a quick worker needs no successor: what replaces it has both
        // compilers.
        quick.remove(worker);
        idle.removeIf(lane -> lane.worker() == worker);
        out.remove(worker);
        draining.remove(worker);
        idleSince.remove(worker);
        pendingDrops.remove(worker);
        Spares left = workerSpares.remove(worker);
        if (left != null) {
            retiredSpares = retiredSpares.plus(left);
        }
        return true;
    }

    /**
     * Stops the workers that have served nothing since sandbox.worker.idle-stop before {@code nowNanos}, as long as
     * their tenant keeps another: an idle server holds one worker per tenant instead of one per running slot (each
     * about 300 MiB, docs/benchmarks.md), and a run that finds its tenant's workers busy starts another
     * ({@link #provideFor}). A worker holding a persistent session is kept, since stopping it would lose the session;
     * the warm interpreters on one that stops are given up, and their callers take a spare on the worker that stays.
     *
     * @return the workers stopped
     */
    List<WorkerProcess> stopIdle(long nowNanos) {
        List<WorkerProcess> stopped = new ArrayList<>();
        synchronized (this) {
            if (!idleStop.isPositive() || closed) {
                return List.of();
            }
            long cutoff = nowNanos - idleStop.toNanos();
            // Longest idle first: the front of the line is the worker that finished first.
            for (WorkerProcess worker : idleWorkers().toList()) {
                Path tenant = live.get(worker);
                if (idleSince.getOrDefault(worker, nowNanos) - cutoff > 0 || sessions.count(worker) > 0
                        || workersOf(tenant).size() <= 1) {
                    continue;
                }
                forget(worker);
                stopped.add(worker);
            }
        }
        for (WorkerProcess worker : stopped) {
            LOG.log(Level.INFO, "sandbox worker {0} (pid {1}) stopped: it served nothing for {2} s",
                    new Object[] {worker.number(), worker.pid(), idleStop.toSeconds()});
            worker.stop();
        }
        return stopped;
    }

    synchronized void scheduleDrop(WorkerProcess worker, SessionKey key) {
        if (live.containsKey(worker)) {
            pendingDrops.computeIfAbsent(worker, w -> new ArrayList<>()).add(key);
        }
    }

    synchronized List<SessionKey> takeDrops(WorkerProcess worker) {
        List<SessionKey> drops = pendingDrops.remove(worker);
        return drops == null ? List.of() : drops;
    }

    /** Starts a worker for {@code tenant} in the background; called under the lock. */
    private void spawn(Path tenant) {
        spawn(tenant, WorkerStart.SERVE_FIRST);
    }

    /** Starts a worker for {@code tenant}: quick when it is the tenant's first and workers may start quick. */
    private void spawnFirst(Path tenant) {
        boolean first = !live.containsValue(tenant) && starting.getOrDefault(tenant, 0) == 0;
        spawn(tenant, quickStarts && first ? WorkerStart.QUICK : WorkerStart.SERVE_FIRST);
    }

    private void spawn(Path tenant, WorkerStart how) {
        if (closed) {
            return;
        }
        starting.merge(tenant, 1, Integer::sum);
        starts.start(tenant, how, this);
    }

    /**
     * Starts, for each quick worker, the worker that takes its place, once the quick one has served its first run and
     * has run nothing since for {@link #QUICK_QUIET}, or {@link #QUICK_AT_LATEST} after that run whatever it does: a
     * caller's next calls do not share the cores with a start (seconds of CPU), and data work does not stay on C1's
     * code for long. The successor runs its warm-up rounds before it is ready ({@link WorkerStart#WARM_FIRST}): the
     * quick worker serves until then. Not while another worker of its tenant is starting (that one takes its place),
     * nor while a tenant still waits for its first worker (a start is seconds of CPU on 2 cores, and a tenant with no
     * worker at all needs it more), nor beyond the pool's places (tried again at the next check).
     *
     * @return whether it started one
     */
    synchronized boolean startSuccessor(long nowNanos) {
        if (closed || firstWorkersPending()) {
            return false;
        }
        boolean started = false;
        for (Map.Entry<WorkerProcess, Long> q : List.copyOf(quick.entrySet())) {
            WorkerProcess worker = q.getKey();
            long firstRunEnded = q.getValue();
            // A successor starting counts among its tenant's starts: once it is ready, its quick worker is gone.
            Path tenant = live.get(worker);
            if (firstRunEnded == 0 || tenant == null) {
                continue;
            }
            boolean quiet = out.getOrDefault(worker, 0) == 0
                    && nowNanos - idleSince.getOrDefault(worker, nowNanos) >= QUICK_QUIET.toNanos();
            if (!quiet && nowNanos - firstRunEnded < QUICK_AT_LATEST.toNanos()
                    || starting.getOrDefault(tenant, 0) > 0 || live.size() + startingCount() >= capacity) {
                continue;
            }
            spawn(tenant, WorkerStart.WARM_FIRST);
            started = true;
        }
        return started;
    }

    /**
     * {@code successor}, a worker with both compilers, is ready for the quick worker's tenant: the quick worker takes
     * no new runs and stops once its runs are over. One that holds a persistent session stays, which stopping would
     * lose, until it is idle without one ({@link #stopIdle}). Called under the lock.
     */
    private void supersedeQuick(WorkerProcess replaced, WorkerProcess successor) {
        quick.remove(replaced);
        if (sessions.count(replaced) > 0) {
            return;
        }
        String why = "worker " + successor.number() + ", compiled by C1 and C2, took its place";
        draining.put(replaced, new Drain(why, Leaving.STOP));
        idle.removeIf(lane -> lane.worker() == replaced);
        if (out.getOrDefault(replaced, 0) == 0) {
            stopDrained(replaced, why);
        }
    }

    /** Stops a drained worker whose runs are over, with no replacement; its warm interpreters go with it. */
    private void stopDrained(WorkerProcess worker, String why) {
        forget(worker);
        LOG.log(Level.INFO, "sandbox worker {0} (pid {1}) stopped: {2}", new Object[] {worker.number(), worker.pid(), why});
        background(worker::stop);
        dispatch();
        notifyAll();
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
            WorkerProcess quickOfTenant = quick.keySet().stream().filter(w -> tenant.equals(live.get(w))).findFirst()
                    .orElse(null);
            live.put(worker, tenant);
            out.put(worker, 0);
            starting.merge(tenant, -1, Integer::sum);
            startFailures.remove(tenant);
            for (int i = 0; i < lanesPerWorker; i++) {
                idle.addLast(new Lane(worker, i));
            }
            idleSince.put(worker, System.nanoTime());
            if (how == WorkerStart.QUICK) {
                quick.put(worker, 0L);
            } else if (quickOfTenant != null) {
                supersedeQuick(quickOfTenant, worker);
            }
            dispatch();
            notifyAll();
            if (!initialHeld) {
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
        startFailures.put(tenant, "sandbox workers cannot start (" + why + "); the server tries again in "
                + Math.max(1, retryIn.toSeconds()) + " s, and its log says why");
        notifyAll();
    }

    /** A start for {@code tenant} was given up (the pool is closing). */
    synchronized void abandoned(Path tenant) {
        starting.merge(tenant, -1, Integer::sum);
    }

    /** Runs {@code task} on the starts' threads, off the request path. */
    void background(Runnable task) {
        starts.background(task);
    }

    boolean warmedUp() {
        return warmedUp;
    }

    synchronized void noteSpares(WorkerProcess worker, Spares spares) {
        if (live.containsKey(worker)) {
            workerSpares.put(worker, spares);
        }
    }

    synchronized Spares spares() {
        return workerSpares.values().stream().reduce(retiredSpares, Spares::plus);
    }

    /** The live workers' process ids. */
    synchronized List<Long> pids() {
        return live.keySet().stream().map(WorkerProcess::pid).toList();
    }

    /** Workers: live, idle (no run on any lane), starting, the initial pool's still waiting their turn, replaced. */
    record Counts(int live, int idle, int starting, int queued, long replaced, long tenantSwitches) {
    }

    synchronized Counts counts() {
        return new Counts(live.size(), (int) idleWorkers().count(), startingCount(), initial.size(), replaced.get(),
                tenantSwitches.get());
    }

    /** Stops every worker; runs still waiting fail. */
    void close() {
        List<WorkerProcess> workers;
        synchronized (this) {
            closed = true;
            workers = new ArrayList<>(live.keySet());
            live.clear();
            idle.clear();
            out.clear();
            notifyAll();
        }
        workers.forEach(WorkerProcess::stop);
        housekeeping.shutdownNow();
        starts.close();
    }
}
