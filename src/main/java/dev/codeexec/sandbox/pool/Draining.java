package dev.codeexec.sandbox.pool;

import java.util.HashMap;
import java.util.Map;

/**
 * Workers that take no new run and go once their runs are over, with why and how each goes. Not thread-safe: the
 * placement calls it under its lock ({@link WorkerPlacement}).
 *
 * @param <H> a worker
 */
final class Draining<H> {

    /** How a drained worker goes once its runs are over. */
    enum Leaving {
        /** Killed and counted as replaced, and a worker started for its tenant. */
        RETIRE_AND_REPLACE,
        /** Killed and counted as replaced; its replacement was started while it drained. */
        RETIRE,
        /** Stopped: a quick worker, whose successor is there already. */
        STOP
    }

    /** Why a worker is drained, and how it goes. */
    record Drain(String why, Leaving leaving) {
    }

    private final Map<H, Drain> draining = new HashMap<>();

    void drain(H worker, String why, Leaving leaving) {
        draining.put(worker, new Drain(why, leaving));
    }

    /**
     * The worker asked to be replaced: it is, once its runs are over. One whose replacement has started already (an
     * overrun, a quick one's successor) gets no second one.
     */
    void drainToReplace(H worker, String why) {
        Leaving leaving = draining.containsKey(worker) ? Leaving.RETIRE : Leaving.RETIRE_AND_REPLACE;
        draining.put(worker, new Drain(why, leaving));
    }

    /** Why and how the worker goes, or null when it is not drained. */
    Drain of(H worker) {
        return draining.get(worker);
    }

    boolean contains(H worker) {
        return draining.containsKey(worker);
    }

    /** Whether retiring the worker starts another for its tenant: not when its replacement was started already. */
    boolean replacedOnRetire(H worker) {
        Drain drain = draining.get(worker);
        return drain == null || drain.leaving() == Leaving.RETIRE_AND_REPLACE;
    }

    void remove(H worker) {
        draining.remove(worker);
    }
}
