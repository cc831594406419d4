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
 * worker while someone else waits. Within a tenant, a free worker goes to the longest-waiting execution that may take
 * it: a session's run only its session's worker, any other run any worker of its tenant (each of them keeps warm
 * interpreters for the tenant's runs). Free workers are offered least occupied first (fewest sessions), so new
 * sessions and runs spread out. Not thread-safe: the pool calls it under its own lock.
 *
 * <p>A worker may take several runs at once: the line hands out its places ({@code W}), and pins name the worker
 * itself ({@code H}), so a session's run may take any free place of its worker.
 *
 * @param <W> a place on a worker, for one run
 * @param <H> a worker, which holds sessions
 */
final class WaitLine<W, H> {

    /** One waiting execution; {@link #granted} is set when a place is handed to it. */
    static final class Waiter<W, H> {
        final H pinned;
        final String tenant;
        W granted;

        private Waiter(H pinned, String tenant) {
            this.pinned = pinned;
            this.tenant = tenant;
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

    /** Joins the line for {@code tenant}: for {@code pinned} and nothing else, or when null for any worker. */
    Waiter<W, H> join(H pinned, String tenant) {
        Waiter<W, H> waiter = new Waiter<>(pinned, tenant);
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
     * Hands out at most {@code max} of the free workers, removing each one granted from {@code idle}. All of them are
     * offered, not the first {@code max}: a waiter pinned to its session's worker takes that worker's and no other. A
     * worker counts as held by the tenant it was granted to until it is idle again or no longer live.
     *
     * @return whether any worker was granted
     */
    boolean dispatch(Collection<W> idle, int max, Predicate<H> live, ToLongFunction<H> occupancy) {
        held.keySet().removeIf(worker -> idle.contains(worker) || !live.test(hostOf.apply(worker)));
        if (idle.isEmpty() || waiting.isEmpty()) {
            return false;
        }
        List<W> free = new ArrayList<>(idle);
        free.sort(Comparator.comparingLong(worker -> occupancy.applyAsLong(hostOf.apply(worker))));
        int granted = 0;
        for (W worker : free) {
            if (granted == max) {
                break;
            }
            Waiter<W, H> chosen = choose(worker);
            if (chosen != null) {
                chosen.granted = worker;
                held.put(worker, chosen.tenant);
                idle.remove(worker);
                granted++;
            }
        }
        return granted > 0;
    }

    /** The waiter of the tenant holding fewest workers that may take {@code worker}, longest waiting first. */
    private Waiter<W, H> choose(W worker) {
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
            if (waiter.granted != null || waiter.pinned != null && waiter.pinned != hostOf.apply(worker)) {
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
}
