package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SessionTable;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Gives a worker to a tenant whose run waits and finds no free lane of its own: started in a free place of the pool,
 * else in that of another tenant's idle worker, which is recycled for it. Not thread-safe: the placement calls it
 * under its lock ({@link WorkerPlacement}).
 */
final class WorkerSupply {

    private final WorkerLanes<Lane, WorkerProcess> lanes;
    private final TenantLines<Lane, WorkerProcess> lines;
    private final PoolStarts starts;
    private final WorkerRetirement retirement;
    private final SessionTable<WorkerProcess> sessions;
    /** Workers recycled so that another tenant could have their place. */
    private final AtomicLong tenantSwitches = new AtomicLong();

    WorkerSupply(WorkerLanes<Lane, WorkerProcess> lanes, TenantLines<Lane, WorkerProcess> lines, PoolStarts starts,
            WorkerRetirement retirement, SessionTable<WorkerProcess> sessions) {
        this.lanes = lanes;
        this.lines = lines;
        this.starts = starts;
        this.retirement = retirement;
        this.sessions = sessions;
    }

    /** Workers recycled so that another tenant could have their place. */
    long tenantSwitches() {
        return tenantSwitches.get();
    }

    /**
     * A tenant with a run waiting and a free running slot, but no free lane and no worker starting, gets a worker: in
     * a free place of the pool, else in that of another tenant's idle worker, recycled for it. Not a tenant holding
     * its cap of slots: its run waits for its own runs, and another tenant's worker must not go for it.
     */
    void provideFor(Path tenant) {
        if (starts.starting(tenant) > 0 || lines.slotsFull() || lines.atCap(tenant)
                || !lanes.idleLanesOf(tenant).isEmpty()) {
            return;
        }
        if (!starts.full()) {
            starts.startForRuns(tenant);
            return;
        }
        // Another tenant's idle worker that no run of its own is waiting for: one whose tenant keeps another worker
        // first (recycling a tenant's last worker makes its next call wait for a start), then one without sessions,
        // then the one holding the least state.
        lanes.idleWorkers().filter(w -> !tenant.equals(lanes.tenantOf(w)) && lines.mayGiveUpAWorker(lanes.tenantOf(w)))
                .min(Comparator.comparingInt((WorkerProcess w) -> lanes.workersOf(lanes.tenantOf(w)).size() > 1 ? 0 : 1)
                        .thenComparingInt(sessions::count))
                .ifPresent(victim -> {
                    tenantSwitches.incrementAndGet();
                    retirement.retire(victim, "its worker process was recycled to serve another tenant", tenant);
                });
    }
}
