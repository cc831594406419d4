package dev.codeexec.sandbox.pool;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Executions waiting for a worker, in arrival order, and the rule that hands free workers to them. A free worker
 * goes to the longest-waiting execution that either belongs there (its session's worker, or the one holding its
 * warm interpreter) or may go anywhere: it has no home, its home is gone, or it has waited out its patience.
 * Free workers are offered least occupied first (fewest warm interpreters and sessions), so new callers spread out.
 * Not thread-safe: the pool calls it under its own lock.
 *
 * @param <W> a worker
 */
final class WaitLine<W> {

    /** One waiting execution; {@link #granted} is set when a worker is handed to it. */
    static final class Waiter<W> {
        final W pinned;
        final W home;
        /** Until then it waits for its home; after that any free worker will do. */
        final long patientUntilNanos;
        W granted;

        private Waiter(W pinned, W home, long patientUntilNanos) {
            this.pinned = pinned;
            this.home = home;
            this.patientUntilNanos = patientUntilNanos;
        }
    }

    private final List<Waiter<W>> waiting = new ArrayList<>();

    /** Joins the line: {@code pinned} and nothing else, else preferably {@code home}, else any worker. */
    Waiter<W> join(W pinned, W home, long patientUntilNanos) {
        Waiter<W> waiter = new Waiter<>(pinned, home, patientUntilNanos);
        waiting.add(waiter);
        return waiter;
    }

    void leave(Waiter<W> waiter) {
        waiting.remove(waiter);
    }

    int size() {
        return waiting.size();
    }

    /**
     * Hands out free workers, removing each one granted from {@code idle}.
     *
     * @return whether any worker was granted
     */
    boolean dispatch(Collection<W> idle, Predicate<W> live, ToLongFunction<W> occupancy, long nowNanos) {
        if (idle.isEmpty() || waiting.isEmpty()) {
            return false;
        }
        List<W> free = new ArrayList<>(idle);
        free.sort(Comparator.comparingLong(occupancy));
        boolean granted = false;
        for (W worker : free) {
            for (Waiter<W> waiter : waiting) {
                if (waiter.granted == null && mayTake(waiter, worker, live, nowNanos)) {
                    waiter.granted = worker;
                    idle.remove(worker);
                    granted = true;
                    break;
                }
            }
        }
        return granted;
    }

    private boolean mayTake(Waiter<W> waiter, W worker, Predicate<W> live, long nowNanos) {
        if (waiter.pinned != null) {
            return waiter.pinned == worker;
        }
        return waiter.home == null || waiter.home == worker || !live.test(waiter.home)
                || nowNanos >= waiter.patientUntilNanos;
    }
}
