package dev.codeexec.sandbox.pool;

import java.util.OptionalInt;

/**
 * How many workers the pool may hold, busy or idle: {@code sandbox.max-workers} when set; otherwise one for each
 * served tenant, or as many as the running slots need (a worker takes sandbox.worker.concurrent-runs at once),
 * whichever is more, and a spare, as long as three quarters of the machine's memory
 * holds them. A worker serves one tenant, so a worker per tenant spares each its start at its first call; but an
 * operator who configures many tenants on a small machine must not find the server start more workers than its
 * memory holds.
 *
 * @param places        the workers the pool may hold
 * @param boundByMemory true when memory, not the tenants, set the default
 */
record PoolPlaces(int places, boolean boundByMemory) {

    /**
     * Places beyond one worker per served tenant or running slot, by default: room for a busy tenant's second worker
     * before another tenant's must go.
     */
    static final int SPARES = 1;

    /** A worker's memory beyond its heap (docs/DEPLOYMENT.md: 542-596 MiB RSS with a 512 MiB heap). */
    static final long OVERHEAD_MB = 256;

    /**
     * @param configured       sandbox.max-workers, if set
     * @param slotWorkers      the workers that hold every running slot
     * @param tenants          the tenants callers can reach
     * @param heapMb           a worker's heap
     * @param totalMemoryBytes the machine's (or the container's) memory
     */
    static PoolPlaces of(OptionalInt configured, int slotWorkers, int tenants, int heapMb, long totalMemoryBytes) {
        if (configured.isPresent()) {
            return new PoolPlaces(configured.getAsInt(), false);
        }
        int wanted = Math.max(slotWorkers, tenants) + SPARES;
        long fits = totalMemoryBytes / 4 * 3 / ((heapMb + OVERHEAD_MB) << 20);
        int floor = slotWorkers + SPARES;
        return fits >= wanted ? new PoolPlaces(wanted, false)
                : new PoolPlaces((int) Math.max(floor, fits), true);
    }
}
