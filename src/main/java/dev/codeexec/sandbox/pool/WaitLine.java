package dev.codeexec.sandbox.pool;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Executions waiting for a worker, and the rule that hands free workers to them. Between tenants it is fair: a free
 * worker goes to the tenant holding the fewest workers, and a tenant holding its share ({@code slots} divided by
 * the tenants holding or waiting, at least one) gets no more while another tenant waits, so no tenant holds every
 * worker while someone else waits. Within a tenant, a free worker goes to the longest-waiting execution that either
 * belongs there (its session's worker, or the one holding its warm interpreter) or may go elsewhere: it has no
 * home, its home is gone, or it has waited out its patience. Away from its home a caller's interpreter is rebuilt (a
 * spare taken and another built, seconds of CPU), so past its patience a caller moves only to a worker holding at
 * least two fewer interpreters than its home, which evens the workers out instead of swapping callers between them;
 * past a longer wait it takes any. Free workers are offered least occupied first (fewest warm interpreters and
 * sessions), so new callers spread out. Not thread-safe: the pool calls it under its own lock.
 *
 * <p>A worker may take several runs at once: the line hands out its places ({@code W}), and homes and pins name the
 * worker itself ({@code H}), so a caller's run may take any free place of its home.
 *
 * @param <W> a place on a worker, for one run
 * @param <H> a worker, which holds sessions and warm interpreters
 */
final class WaitLine<W, H> {

    /** One waiting execution; {@link #granted} is set when a place is handed to it. */
    static final class Waiter<W, H> {
        final H pinned;
        final H home;
        final String tenant;
        /** Until then it waits for its home; after that a less occupied worker will do. */
        final long patientUntilNanos;
        /** After that any free worker will do. */
        final long anyAfterNanos;
        W granted;

        private Waiter(H pinned, H home, String tenant, long patientUntilNanos, long anyAfterNanos) {
            this.pinned = pinned;
            this.home = home;
            this.tenant = tenant;
            this.patientUntilNanos = patientUntilNanos;
            this.anyAfterNanos = anyAfterNanos;
        }
    }

    private final int slots;
    private final Function<W, H> hostOf;
    private final List<Waiter<W, H>> waiting = new ArrayList<>();
    /** Places handed out and not back among the idle ones yet, with the tenant each went to. */
    private final Map<W, String> held = new HashMap<>();

    /**
     * @param slots  the places of the pool that may run at once, which the tenants share
     * @param hostOf the worker a place belongs to
     */
    WaitLine(int slots, Function<W, H> hostOf) {
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be at least 1, got " + slots);
        }
        this.slots = slots;
        this.hostOf = hostOf;
    }

    /**
     * Joins the line for {@code tenant}: {@code pinned} and nothing else, else {@code home} until
     * {@code patientUntilNanos}, then a worker less occupied than the home, and from {@code anyAfterNanos} any.
     */
    Waiter<W, H> join(H pinned, H home, String tenant, long patientUntilNanos, long anyAfterNanos) {
        Waiter<W, H> waiter = new Waiter<>(pinned, home, tenant, patientUntilNanos, anyAfterNanos);
        waiting.add(waiter);
        return waiter;
    }

    void leave(Waiter<W, H> waiter) {
        waiting.remove(waiter);
    }

    int size() {
        return waiting.size();
    }

    /** Waiters not handed a worker yet (one handed a worker stays in the line until it wakes and leaves). */
    int ungranted() {
        return (int) waiting.stream().filter(waiter -> waiter.granted == null).count();
    }

    /**
     * Hands out free workers, removing each one granted from {@code idle}. A worker counts as held by the tenant it
     * was granted to until it is idle again or no longer live.
     *
     * @return whether any worker was granted
     */
    boolean dispatch(Collection<W> idle, Predicate<H> live, ToLongFunction<H> occupancy, long nowNanos) {
        held.keySet().removeIf(worker -> idle.contains(worker) || !live.test(hostOf.apply(worker)));
        if (idle.isEmpty() || waiting.isEmpty()) {
            return false;
        }
        List<W> free = new ArrayList<>(idle);
        free.sort(Comparator.comparingLong(worker -> occupancy.applyAsLong(hostOf.apply(worker))));
        boolean granted = false;
        for (W worker : free) {
            Waiter<W, H> chosen = choose(worker, live, occupancy, nowNanos);
            if (chosen != null) {
                chosen.granted = worker;
                held.put(worker, chosen.tenant);
                idle.remove(worker);
                granted = true;
            }
        }
        return granted;
    }

    /** The waiter of the tenant holding fewest workers that may take {@code worker}, longest waiting first. */
    private Waiter<W, H> choose(W worker, Predicate<H> live, ToLongFunction<H> occupancy, long nowNanos) {
        Map<String, Integer> holding = new HashMap<>();
        held.values().forEach(tenant -> holding.merge(tenant, 1, Integer::sum));
        Set<String> waitingTenants = new HashSet<>();
        for (Waiter<W, H> waiter : waiting) {
            if (waiter.granted == null) {
                waitingTenants.add(waiter.tenant);
            }
        }
        Set<String> active = new HashSet<>(waitingTenants);
        active.addAll(holding.keySet());
        int share = Math.max(1, slots / active.size());
        Waiter<W, H> best = null;
        int bestHolds = Integer.MAX_VALUE;
        for (Waiter<W, H> waiter : waiting) {
            if (waiter.granted != null || !mayTake(waiter, worker, live, occupancy, nowNanos)) {
                continue;
            }
            int holds = holding.getOrDefault(waiter.tenant, 0);
            // The waiter's own tenant is among those waiting: anyone beyond it is another tenant.
            if (holds >= share && waitingTenants.size() > 1) {
                continue;
            }
            if (holds < bestHolds) {
                best = waiter;
                bestHolds = holds;
            }
        }
        return best;
    }

    private boolean mayTake(Waiter<W, H> waiter, W place, Predicate<H> live, ToLongFunction<H> occupancy,
            long nowNanos) {
        H worker = hostOf.apply(place);
        if (waiter.pinned != null) {
            return waiter.pinned == worker;
        }
        if (waiter.home == null || waiter.home == worker || !live.test(waiter.home)
                || nowNanos - waiter.anyAfterNanos >= 0) {
            return true;
        }
        return nowNanos - waiter.patientUntilNanos >= 0
                && occupancy.applyAsLong(worker) + 1 < occupancy.applyAsLong(waiter.home);
    }
}
