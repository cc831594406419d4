package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.CodeExecutor;
import dev.codeexec.sandbox.ExecutionLimits;
import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.LatencyWindow;
import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.SandboxBusyException;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.SandboxState;
import dev.codeexec.sandbox.SessionKey;
import dev.codeexec.sandbox.SessionNotice;
import dev.codeexec.sandbox.SessionTable;
import dev.codeexec.sandbox.WarmCounters;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.protocol.FrameLimits;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs every execution in a pool of pre-started, pre-warmed worker JVMs, one execution per worker
 * at a time. A worker that overruns its deadline, runs out of heap or dies is killed with its whole
 * process tree and replaced in the background; its caller still gets a well-formed result.
 * Persistent sessions are pinned to one worker. Each caller's warm interpreter lives on one worker too, and
 * the caller's runs wait for that worker, unless it stays busy for longer than a fresh interpreter takes to build:
 * then the run goes to any free worker, which holds the caller's interpreter from then on. Executions wait here,
 * in arrival order, so that a free worker goes to a run that belongs there rather than to the first in line.
 */
public final class ProcessExecutor implements CodeExecutor {

    private static final Logger LOG = Logger.getLogger(ProcessExecutor.class.getName());
    /** Time for the worker's own timeout reply to reach us before we stop waiting and kill it. */
    private static final Duration REPLY_MARGIN = Duration.ofSeconds(2);

    private final SandboxSettings settings;
    private final WorkerLauncher launcher;
    private final Deque<WorkerProcess> idle = new ArrayDeque<>();
    private final Set<WorkerProcess> live = new HashSet<>();
    private final WaitLine<WorkerProcess> line = new WaitLine<>();
    private final Map<WorkerProcess, List<SessionKey>> pendingDrops = new HashMap<>();
    private final SessionTable<WorkerProcess> sessions;
    /** The worker holding each caller's warm interpreter, keyed by its {@link SessionKey#warm} key. */
    private final Map<SessionKey, WarmHome> warmHomes = new HashMap<>();
    private final WarmCounters warmCounters = new WarmCounters();
    /** From launch to ready: the JVM's start, the engine and the first interpreter. */
    private final LatencyWindow workerStarts = new LatencyWindow(256);
    private final LatencyWindow contextBuilds = new LatencyWindow(256);
    private final ExecutorService spawner = Executors.newCachedThreadPool(Thread.ofPlatform().daemon().name("sandbox-worker-spawner").factory());
    private final AtomicInteger numbers = new AtomicInteger();
    private final AtomicInteger starting = new AtomicInteger();
    /** Workers of the initial pool not yet started; each starts once the one before it is ready. */
    private final AtomicInteger initialSpawns = new AtomicInteger();
    private final AtomicLong replaced = new AtomicLong();
    private volatile boolean closed;
    private volatile boolean warmedUp;

    private final HostCalls host;
    private final ExecutorService bridgeThreads = Executors.newCachedThreadPool(Thread.ofPlatform().daemon().name("sandbox-bridge").factory());

    public ProcessExecutor(SandboxSettings settings, WorkspaceRoot workspace, HostCalls host, WorkerRuntime runtime,
            OsSandbox osSandbox, List<Path> writable) {
        this.settings = settings;
        this.host = host;
        this.launcher = new WorkerLauncher(settings, workspace, runtime, osSandbox, writable);
        this.sessions = new SessionTable<>(settings.maxSessionsPerTenant(), settings.sessionIdleTtl(),
                entry -> scheduleDrop(entry.handle(), entry.key()));
        // Staggered: on a small machine, workers started together share the cores and all become ready late;
        // one at a time, the first serves while the next builds.
        initialSpawns.set(settings.maxConcurrent() - 1);
        spawn();
    }

    private record WarmHome(WorkerProcess worker, long lastUsedNanos) {
    }

    /** The caller cancelled a run still waiting for a worker. */
    private static final class CancelledWhileWaiting extends RuntimeException {
        CancelledWhileWaiting() {
            super(null, null, false, false);
        }
    }

    @Override
    public ExecutionResult execute(ExecutionRequest request) {
        try {
            return dispatchRun(request);
        } catch (CancelledWhileWaiting e) {
            request.hooks().note(true, ExecutionResult.CANCELLED_BEFORE_START);
            return ExecutionResult.cancelledBeforeStart();
        }
    }

    private ExecutionResult dispatchRun(ExecutionRequest request) {
        sessions.evictIdle();
        evictIdleWarm();
        if (request.reuse() == ExecutionRequest.Reuse.FRESH) {
            return runOn(takeAny(request), request);
        }
        if (request.reuse() == ExecutionRequest.Reuse.WARM) {
            return runOn(takeWarm(request), request);
        }
        String lossNotice = sessions.takeLossNotice(request.session());
        while (true) {
            SessionTable.Entry<WorkerProcess> entry = sessions.find(request.session());
            if (entry == null) {
                // Chosen before entering the session table, so waiting for a worker never blocks other sessions.
                WorkerProcess pinned = leastPinnedWorker(request);
                entry = sessions.create(request.session(), () -> pinned);
            }
            entry.lock();
            try {
                WorkerProcess worker = take(entry.handle(), request);
                if (worker == null) {
                    // Its worker died while we waited; the loss was recorded, so start over on a fresh one.
                    lossNotice = sessions.takeLossNotice(request.session());
                    continue;
                }
                if (lossNotice != null) {
                    // Streamed first, as the result puts it first.
                    request.hooks().note(true, SessionNotice.text(request.session(), lossNotice));
                }
                ExecutionResult result = runOn(worker, request);
                entry.markUsed();
                return SessionNotice.prepend(result, request.session(), lossNotice);
            } finally {
                entry.unlock();
            }
        }
    }

    /**
     * The worker holding the caller's warm interpreter, once it is free; if it stays busy for longer than a fresh
     * interpreter takes to build, any free worker, which becomes the caller's home (its old interpreter is dropped).
     */
    private WorkerProcess takeWarm(ExecutionRequest request) {
        SessionKey key = request.session();
        WorkerProcess home;
        WorkerProcess preferred;
        synchronized (this) {
            WarmHome known = warmHomes.get(key);
            home = known == null ? null : known.worker();
            // A caller new to the pool prefers the least occupied worker, so callers spread out instead of
            // crowding whichever worker happens to be free and evicting each other there.
            preferred = home != null && live.contains(home) ? home
                    : live.stream().min(java.util.Comparator.comparingLong(this::occupancy)).orElse(null);
        }
        WorkerProcess worker = acquire(null, preferred, request);
        synchronized (this) {
            if (home != null && home != worker) {
                scheduleDrop(home, key);
            }
            warmHomes.put(key, new WarmHome(worker, System.nanoTime()));
        }
        return worker;
    }

    /** Releases warm interpreters unused for the idle TTL: the worker holding one is told with its next request. */
    private synchronized void evictIdleWarm() {
        long cutoff = System.nanoTime() - settings.warm().idleTtl().toNanos();
        warmHomes.entrySet().removeIf(e -> {
            if (e.getValue().lastUsedNanos() >= cutoff) {
                return false;
            }
            scheduleDrop(e.getValue().worker(), e.getKey());
            warmCounters.recycled(WarmCounters.Recycle.IDLE_TTL, 1);
            return true;
        });
    }

    private synchronized void forgetWarm(SessionKey key, WorkerProcess worker) {
        WarmHome home = warmHomes.get(key);
        if (home != null && home.worker() == worker) {
            warmHomes.remove(key);
        }
    }

    private ExecutionResult runOn(WorkerProcess worker, ExecutionRequest request) {
        long start = System.nanoTime();
        Duration stopWait = settings.cancelGrace().plus(settings.cancelGrace()).plus(REPLY_MARGIN);
        Duration hardDeadline = request.timeout().plus(stopWait);
        try {
            WorkerMessages.Reply reply = worker.execute(request, takeDrops(worker), settings.worker().startTimeout(),
                    hardDeadline, stopWait);
            if (reply.warm() != null) {
                warmCounters.record(reply.warm());
                if (reply.warm().recycled() != null) {
                    forgetWarm(request.session(), worker);
                }
            }
            if (reply.recycle()) {
                retire(worker, "a guest thread in it ignored cancellation");
            } else {
                release(worker);
            }
            return reply.result();
        } catch (TimeoutException e) {
            lostWarm(request);
            if (request.hooks().cancelRequested()) {
                retire(worker, "its worker process was killed after a cancellation it did not obey");
                return killed(request, start, ExecutionResult.EXIT_CANCELLED, false, "Cancelled: execution did "
                        + "not stop within the cancel grace, so its sandbox process was killed; output produced "
                        + "before the kill is lost");
            }
            retire(worker, "its worker process was killed at the deadline");
            return killed(request, start, ExecutionResult.EXIT_KILLED, true, "TimeoutError: execution did not stop "
                    + "within its timeout of " + request.timeout().toSeconds() + " s (timeout_s), so its sandbox "
                    + "process was killed; output produced before the kill is lost");
        } catch (WorkerProcess.WorkerGone e) {
            lostWarm(request);
            retire(worker, "its worker process died");
            String why = e.outOfMemory
                    ? "MemoryError: execution exceeded the sandbox memory limit of " + settings.worker().heapMb()
                            + " MiB, so its sandbox process was stopped"
                    : "SandboxError: the sandbox process died during the execution (" + e.getMessage() + ")";
            return killed(request, start, ExecutionResult.EXIT_KILLED, false, why);
        }
    }

    private void lostWarm(ExecutionRequest request) {
        if (request.reuse() == ExecutionRequest.Reuse.WARM) {
            warmCounters.recycled(WarmCounters.Recycle.WORKER_LOST, 1);
        }
    }

    private static ExecutionResult killed(ExecutionRequest request, long startNanos, int exit, boolean timedOut,
            String message) {
        long millis = Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
        request.hooks().note(true, message + "\n");
        return new ExecutionResult("", message + "\n", exit, millis, false, timedOut);
    }

    private WorkerProcess takeAny(ExecutionRequest request) {
        return acquire(null, null, request);
    }

    /** The session's worker once it is free, or null when it died meanwhile. */
    private WorkerProcess take(WorkerProcess wanted, ExecutionRequest request) {
        return acquire(wanted, null, request);
    }

    /**
     * Waits in line for a worker: {@code pinned} (a session's) and nothing else, else preferably {@code home}
     * (where the caller's warm interpreter is), else any. Returns null when {@code pinned} died.
     * A long background run may wait as long as a run of its own length ahead of it could take.
     *
     * @throws CancelledWhileWaiting when the caller cancels the run meanwhile
     */
    private synchronized WorkerProcess acquire(WorkerProcess pinned, WorkerProcess home, ExecutionRequest request) {
        long deadline = System.nanoTime() + settings.worker().startTimeout().toNanos()
                + Duration.ofSeconds(Math.max(ExecutionLimits.MAX_TIMEOUT_S, request.timeout().toSeconds())).toNanos();
        RunHooks hooks = request.hooks();
        hooks.cancellation().thenRun(this::wakeWaiters);
        // Waiting for the home longer than a fresh interpreter takes to build would only lose time.
        long patience = Duration.ofMillis(Math.clamp(contextBuilds.timing().p50Ms(), 20, 1000)).toNanos();
        WaitLine.Waiter<WorkerProcess> waiter = line.join(pinned, home, System.nanoTime() + patience);
        try {
            while (true) {
                dispatch();
                if (waiter.granted != null) {
                    return waiter.granted;
                }
                if (pinned != null && !live.contains(pinned)) {
                    return null;
                }
                if (hooks.cancelRequested()) {
                    throw new CancelledWhileWaiting();
                }
                if (closed) {
                    throw new IllegalStateException("the sandbox is shutting down");
                }
                long now = System.nanoTime();
                if (now >= deadline) {
                    throw new SandboxBusyException(live.size() - idle.size(), line.size() - 1);
                }
                long wake = waiter.patientUntilNanos > now ? Math.min(deadline, waiter.patientUntilNanos) : deadline;
                wait(Math.max(1, (wake - now) / 1_000_000));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (waiter.granted != null) {
                return waiter.granted;
            }
            throw new SandboxBusyException(live.size() - idle.size(), line.size() - 1);
        } finally {
            line.leave(waiter);
        }
    }

    private synchronized void wakeWaiters() {
        notifyAll();
    }

    /** Hands free workers to waiting executions (see {@link WaitLine}); wakes them when it did. */
    private void dispatch() {
        if (line.dispatch(idle, live::contains, this::occupancy, System.nanoTime())) {
            notifyAll();
        }
    }

    /** Warm interpreters and pinned sessions a worker holds: state that spreads best across workers. */
    private long occupancy(WorkerProcess worker) {
        return warmHomes.values().stream().filter(h -> h.worker() == worker).count() + pinned(worker);
    }

    private synchronized void release(WorkerProcess worker) {
        if (closed) {
            worker.stop();
            return;
        }
        // To the back: the next execution goes to the worker that has had longest to pre-build its next context.
        idle.addLast(worker);
        dispatch();
        notifyAll();
    }

    private synchronized WorkerProcess leastPinnedWorker(ExecutionRequest request) {
        WorkerProcess best = null;
        for (WorkerProcess w : live) {
            if (best == null || pinned(w) < pinned(best)) {
                best = w;
            }
        }
        if (best == null) {
            best = takeAny(request);
            idle.addFirst(best);
            dispatch();
        }
        return best;
    }

    private int pinned(WorkerProcess worker) {
        return sessions.count(worker);
    }

    private void retire(WorkerProcess worker, String why) {
        worker.kill();
        synchronized (this) {
            // Once only: a worker can be reported twice (broke the protocol idle, while an execution was being sent).
            if (!live.remove(worker)) {
                return;
            }
            idle.remove(worker);
            pendingDrops.remove(worker);
            warmHomes.values().removeIf(home -> home.worker() == worker);
            dispatch();
            notifyAll();
        }
        sessions.loseWhere(w -> w == worker, why);
        replaced.incrementAndGet();
        LOG.log(Level.INFO, "sandbox worker {0} (pid {1}) retired: {2}",
                new Object[] {worker.number(), worker.pid(), why});
        spawn();
    }

    private synchronized void scheduleDrop(WorkerProcess worker, SessionKey key) {
        if (live.contains(worker)) {
            pendingDrops.computeIfAbsent(worker, w -> new ArrayList<>()).add(key);
        }
    }

    private synchronized List<SessionKey> takeDrops(WorkerProcess worker) {
        List<SessionKey> drops = pendingDrops.remove(worker);
        return drops == null ? List.of() : drops;
    }

    private void spawn() {
        if (closed) {
            return;
        }
        starting.incrementAndGet();
        spawner.execute(() -> {
            long backoffMs = 500;
            try {
                while (!closed) {
                    int number = numbers.incrementAndGet();
                    try {
                        long startNanos = System.nanoTime();
                        WorkerProcess worker = WorkerProcess.start(number, launcher, host, bridgeThreads,
                                contextBuilds::record, FrameLimits.fromWorker(settings.outputLimitBytes()),
                                broken -> retire(broken, "it broke the worker protocol"));
                        worker.awaitReady(settings.worker().startTimeout());
                        workerStarts.record((System.nanoTime() - startNanos) / 1_000_000);
                        synchronized (this) {
                            if (closed) {
                                worker.stop();
                                return;
                            }
                            live.add(worker);
                            idle.addLast(worker);
                            dispatch();
                            notifyAll();
                        }
                        warmedUp = true;
                        LOG.log(Level.FINE, "sandbox worker {0} ready (pid {1})", new Object[] {number, worker.pid()});
                        if (initialSpawns.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                            spawn();
                        } else {
                            // The pool is full: record the workers' ahead-of-time cache once, for later starts.
                            launcher.aot().filter(WorkerAotCache::missing)
                                    .ifPresent(cache -> spawner.execute(() -> cache.train(launcher)));
                        }
                        return;
                    } catch (IOException | WorkerProcess.WorkerGone e) {
                        LOG.log(Level.WARNING, "sandbox worker {0} failed to start: {1}; retrying in {2} ms",
                                new Object[] {number, e.getMessage(), backoffMs});
                        Thread.sleep(backoffMs);
                        backoffMs = Math.min(backoffMs * 2, 30_000);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                starting.decrementAndGet();
            }
        });
    }

    @Override
    public synchronized int waiting() {
        return line.size();
    }

    @Override
    public boolean resetSession(SessionKey key) {
        return sessions.drop(key);
    }

    @Override
    public boolean warmedUp() {
        return warmedUp;
    }

    @Override
    public synchronized SandboxState state() {
        // Workers of the initial pool waiting for their turn count as starting.
        return new SandboxState("process", live.size(), idle.size(), starting.get() + initialSpawns.get(),
                replaced.get(), sessions.size(), 0,
                warmCounters.hits(), warmCounters.misses(), warmCounters.recycles(), workerStarts.timing(),
                contextBuilds.timing());
    }

    @Override
    public void close() {
        List<WorkerProcess> workers;
        synchronized (this) {
            closed = true;
            workers = new ArrayList<>(live);
            live.clear();
            idle.clear();
            notifyAll();
        }
        workers.forEach(WorkerProcess::stop);
        spawner.shutdownNow();
        bridgeThreads.shutdownNow();
    }
}
