package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SessionTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How workers leave the pool: retired (killed, its tenant's sessions on it lost, and replaced) at once or once its
 * runs are over, replaced early when a run overruns, stopped when idle or superseded by a quick worker's successor.
 * Each leaves once, whoever reports it. Not thread-safe: the placement calls it under its lock
 * ({@link WorkerPlacement}); {@code changed} hands the lanes freed to waiting runs and wakes them, under that lock.
 */
final class WorkerRetirement {

    private static final Logger LOG = Logger.getLogger(WorkerRetirement.class.getName());

    private final WorkerLanes<Lane, WorkerProcess> lanes;
    private final Draining<WorkerProcess> draining;
    private final QuickWorkers<WorkerProcess> quick;
    private final SparesTally<WorkerProcess> spares;
    private final SessionDrops<WorkerProcess> drops;
    private final SessionTable<WorkerProcess> sessions;
    private final PoolStarts starts;
    private final Runnable changed;
    private final Consumer<Runnable> background;
    private final AtomicLong replaced = new AtomicLong();

    /**
     * @param changed    hands free lanes to waiting runs and wakes the waiters, after a worker left
     * @param background runs a task off the lock (a worker's stop waits for its exit)
     */
    WorkerRetirement(WorkerLanes<Lane, WorkerProcess> lanes, Draining<WorkerProcess> draining,
            QuickWorkers<WorkerProcess> quick, SparesTally<WorkerProcess> spares, SessionDrops<WorkerProcess> drops,
            SessionTable<WorkerProcess> sessions, PoolStarts starts, Runnable changed, Consumer<Runnable> background) {
        this.lanes = lanes;
        this.draining = draining;
        this.quick = quick;
        this.spares = spares;
        this.drops = drops;
        this.sessions = sessions;
        this.starts = starts;
        this.changed = changed;
        this.background = background;
    }

    /** Workers retired: killed, and counted whether a replacement started for them or not. */
    long replaced() {
        return replaced.get();
    }

    /**
     * Kills the worker, with any runs on it, and starts its replacement for {@code replacementTenant} unless one was
     * started while it drained. Once only: a worker can be reported twice (broke the protocol idle, while an
     * execution was being sent).
     */
    void retire(WorkerProcess worker, String why, Path replacementTenant) {
        worker.kill();
        boolean replace = draining.replacedOnRetire(worker);
        if (!forget(worker)) {
            return;
        }
        sessions.loseWhere(w -> w == worker, why);
        replaced.incrementAndGet();
        LOG.log(Level.INFO, "sandbox worker {0} (pid {1}) retired: {2}",
                new Object[] {worker.number(), worker.pid(), why});
        if (replace) {
            starts.start(replacementTenant);
        }
        changed.run();
    }

    /**
     * Replaces the worker once the runs on its other lanes are over (it takes no new ones meanwhile); at once when
     * none runs. For a worker that asked to be replaced, which its other runs need not pay for.
     */
    void retireWhenFree(WorkerProcess worker, String why) {
        if (!lanes.isLive(worker)) {
            return;
        }
        draining.drainToReplace(worker, why);
        if (lanes.runsOn(worker) == 0) {
            retire(worker, why, lanes.tenantOf(worker));
            return;
        }
        lanes.withhold(worker);
    }

    /**
     * A run on {@code worker} has not answered a while after its deadline: its guest ignored the cancellation (stuck in
     * a long builtin), and the worker is killed once the cancellation grace is over. The replacement starts now,
     * beside the grace, instead of after it: with the default single worker, the caller's next run waited for the
     * grace and then a whole worker start (docs/benchmarks.md). The worker takes no new run and is retired once its
     * runs are over, with nothing more started for it; for that time the pool holds one worker more than its places.
     * Not for a worker with sessions, which retiring one whose guest did stop late would lose, nor one already going.
     */
    void replaceOverrun(WorkerProcess worker, String why) {
        Path tenant = lanes.tenantOf(worker);
        if (tenant == null || draining.contains(worker) || sessions.count(worker) > 0) {
            return;
        }
        LOG.log(Level.INFO, "sandbox worker {0} (pid {1}): {2}; its replacement starts now",
                new Object[] {worker.number(), worker.pid(), why});
        draining.drain(worker, why, Draining.Leaving.RETIRE);
        lanes.withhold(worker);
        starts.start(tenant);
    }

    /**
     * A run on {@code worker} ended, with {@code lanesOut} of its lanes still taken. A draining worker goes once the
     * last ends, and its lane does not go back to the free ones.
     *
     * @return whether the worker is draining
     */
    boolean runEnded(WorkerProcess worker, int lanesOut) {
        Draining.Drain drain = draining.of(worker);
        if (drain == null) {
            return false;
        }
        if (lanesOut == 0) {
            if (drain.leaving() == Draining.Leaving.STOP) {
                stopDrained(worker, drain.why());
            } else {
                retire(worker, drain.why(), lanes.tenantOf(worker));
            }
        }
        return true;
    }

    /**
     * {@code successor}, a worker with both compilers, is ready for the quick worker's tenant: the quick worker takes
     * no new runs and stops once its runs are over. One that holds a persistent session stays, which stopping would
     * lose, until it is idle without one ({@link #forgetIdle}).
     */
    void supersedeQuick(WorkerProcess replaced, WorkerProcess successor) {
        quick.remove(replaced);
        if (sessions.count(replaced) > 0) {
            return;
        }
        String why = "worker " + successor.number() + ", compiled by C1 and C2, took its place";
        draining.drain(replaced, why, Draining.Leaving.STOP);
        lanes.withhold(replaced);
        if (lanes.runsOn(replaced) == 0) {
            stopDrained(replaced, why);
        }
    }

    /**
     * Takes out of the pool the workers idle since before {@code cutoffNanos}, as long as their tenant keeps another:
     * an idle server holds one worker per tenant instead of one per running slot (each about 300 MiB,
     * docs/benchmarks.md), and a run that finds its tenant's workers busy starts another. A worker holding a
     * persistent session is kept, since stopping it would lose the session; the warm interpreters on one that stops
     * are given up, and their callers take a spare on the worker that stays. The caller stops them, off the lock.
     *
     * @return the workers taken out
     */
    List<WorkerProcess> forgetIdle(long cutoffNanos, long nowNanos) {
        List<WorkerProcess> gone = new ArrayList<>();
        // Longest idle first: the front of the line is the worker that finished first.
        for (WorkerProcess worker : lanes.idleWorkers().toList()) {
            Path tenant = lanes.tenantOf(worker);
            if (lanes.idleSince(worker, nowNanos) - cutoffNanos > 0 || sessions.count(worker) > 0
                    || lanes.workersOf(tenant).size() <= 1) {
                continue;
            }
            forget(worker);
            gone.add(worker);
        }
        return gone;
    }

    /** Stops a drained worker whose runs are over, with no replacement; its warm interpreters go with it. */
    private void stopDrained(WorkerProcess worker, String why) {
        forget(worker);
        LOG.log(Level.INFO, "sandbox worker {0} (pid {1}) stopped: {2}", new Object[] {worker.number(), worker.pid(), why});
        background.accept(worker::stop);
        changed.run();
    }

    /** Takes a worker out of the pool; false when it was not in it. Its warm interpreters go with it. */
    private boolean forget(WorkerProcess worker) {
        if (!lanes.remove(worker)) {
            return false;
        }
        // Gone another way (retired, stopped idle), a quick worker needs no successor: what replaces it has both
        // compilers.
        quick.remove(worker);
        draining.remove(worker);
        drops.forget(worker);
        spares.forget(worker);
        return true;
    }
}
