package dev.codeexec.sandbox.pool;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The tenants of the initial pool's workers not yet started. Staggered: on a small machine, workers started together
 * share the cores and all become ready late; one at a time, the first serves while the next builds. Each starts once
 * the one before it is ready, or, when that one went straight to the only run waiting, once that run ends or another
 * run waits (the next is held back meanwhile). Not thread-safe: the placement calls it under its lock
 * ({@link WorkerPlacement}).
 */
final class InitialPool {

    private final Deque<Path> tenants;
    private boolean held;

    /** @param tenants the tenants of the initial pool's workers, in the order they start */
    InitialPool(List<Path> tenants) {
        this.tenants = new ArrayDeque<>(tenants);
    }

    /**
     * The tenants of the initial pool's workers: the workers the running slots need ({@code slotWorkers}) go round the
     * served tenants, then each tenant still without a worker gets one while the pool has places, so that every
     * tenant's first call finds its worker ready. A worker serves one tenant for its life, so a spare cannot wait for
     * whichever tenant comes next: each tenant's is started ahead. The last place is left empty when every tenant has a
     * worker.
     */
    static List<Path> plan(List<Path> served, int slotWorkers, int capacity) {
        List<Path> pool = new ArrayList<>();
        for (int i = 0; i < slotWorkers; i++) {
            pool.add(served.get(i % served.size()));
        }
        for (int i = slotWorkers; i < served.size() && pool.size() < capacity; i++) {
            pool.add(served.get(i));
        }
        return pool;
    }

    /** Holds the next worker back until {@link #next} is asked again. */
    void hold() {
        held = true;
    }

    boolean held() {
        return held;
    }

    /**
     * The tenant of the next worker to start, no longer held back; null when none is left. With {@code full}, the
     * pool has no place for any: a run may have started a worker in the place meanwhile, and the pool stays within
     * its places.
     */
    Path next(boolean full) {
        held = false;
        Path next = tenants.pollFirst();
        while (next != null && full) {
            next = tenants.pollFirst();
        }
        return next;
    }

    /** The tenant's worker started another way: no second one later. */
    void remove(Path tenant) {
        tenants.removeFirstOccurrence(tenant);
    }

    boolean isEmpty() {
        return tenants.isEmpty();
    }

    int size() {
        return tenants.size();
    }
}
