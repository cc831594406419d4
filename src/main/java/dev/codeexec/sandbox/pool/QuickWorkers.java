package dev.codeexec.sandbox.pool;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The quick workers (a tenant's first, compiled by C1 alone) until one with both compilers takes each one's place,
 * and when each one's successor is due: once the quick one has served its first run and has run nothing since for
 * {@link #QUIET}, or {@link #AT_LATEST} after that run whatever it does. A caller's next calls then do not share the
 * cores with a start (seconds of CPU), and data work does not stay on C1's code for long. Not thread-safe: the
 * placement calls it under its lock ({@link WorkerPlacement}).
 *
 * @param <H> a worker
 */
final class QuickWorkers<H> {

    /** How long the quick first worker must have run nothing, after its first run, before its successor starts. */
    static final Duration QUIET = Duration.ofSeconds(2);
    /** How long after the quick worker's first run its successor starts at the latest, quiet or not. */
    static final Duration AT_LATEST = Duration.ofSeconds(20);

    /** Each quick worker, with when its first run ended ({@link System#nanoTime}; 0 before). */
    private final Map<H, Long> quick = new HashMap<>();
    private final WorkerLanes<?, H> lanes;

    QuickWorkers(WorkerLanes<?, H> lanes) {
        this.lanes = lanes;
    }

    void add(H worker) {
        quick.put(worker, 0L);
    }

    /** Gone, or superseded: what replaces it has both compilers and needs no successor. */
    void remove(H worker) {
        quick.remove(worker);
    }

    /** A run on {@code worker} ended at {@code nowNanos}: the first one's end starts its successor's clock. */
    void runEnded(H worker, long nowNanos) {
        quick.replace(worker, 0L, nowNanos);
    }

    /** The tenant's quick worker, or null. */
    H of(Path tenant) {
        return quick.keySet().stream().filter(w -> tenant.equals(lanes.tenantOf(w))).findFirst().orElse(null);
    }

    /** The live quick workers whose successor is due at {@code nowNanos}, as far as their own runs tell. */
    List<H> successorDue(long nowNanos) {
        return List.copyOf(quick.entrySet()).stream().filter(q -> {
            H worker = q.getKey();
            long firstRunEnded = q.getValue();
            if (firstRunEnded == 0 || !lanes.isLive(worker)) {
                return false;
            }
            boolean quiet = lanes.runsOn(worker) == 0
                    && nowNanos - lanes.idleSince(worker, nowNanos) >= QUIET.toNanos();
            return quiet || nowNanos - firstRunEnded >= AT_LATEST.toNanos();
        }).map(Map.Entry::getKey).toList();
    }
}
