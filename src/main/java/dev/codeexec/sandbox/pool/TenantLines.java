package dev.codeexec.sandbox.pool;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Each tenant's line of runs waiting for a lane, and the handing of free lanes to them: each tenant's to its own line
 * (see {@link WaitLine}), no more busy at once than there are running slots, nor for one tenant than
 * {@link SlotShares} allows. Not thread-safe: the placement calls it under its lock ({@link WorkerPlacement}).
 *
 * @param <W> a lane, one place on a worker for one run
 * @param <H> a worker
 */
final class TenantLines<W, H> {

    private final int runningSlots;
    /** Each tenant's cap on running slots, and its share while others wait. */
    private final SlotShares shares;
    private final WorkerLanes<W, H> lanes;
    private final Map<Path, WaitLine<W, H>> lines = new LinkedHashMap<>();
    /** Runs of each tenant waiting for any of its workers (not for a session's). */
    private final Map<Path, Integer> wanting = new HashMap<>();

    TenantLines(int runningSlots, SlotShares shares, WorkerLanes<W, H> lanes) {
        this.runningSlots = runningSlots;
        this.shares = shares;
        this.lanes = lanes;
    }

    /** A run of {@code tenant} joins its line: for {@code pinned} (a session's worker) alone, or for any when null. */
    WaitLine.Waiter<W, H> join(Path tenant, H pinned) {
        WaitLine.Waiter<W, H> waiter = lines.computeIfAbsent(tenant, t -> new WaitLine<>(runningSlots, lanes::hostOf))
                .join(pinned, tenant.toString());
        if (pinned == null) {
            wanting.merge(tenant, 1, Integer::sum);
        }
        return waiter;
    }

    void leave(Path tenant, WaitLine.Waiter<W, H> waiter) {
        lines.get(tenant).leave(waiter);
        if (waiter.pinned == null) {
            wanting.merge(tenant, -1, Integer::sum);
        }
    }

    /** Runs in every line, handed a lane or not. */
    int waiting() {
        return lines.values().stream().mapToInt(WaitLine::size).sum();
    }

    /** Runs not handed a lane yet. */
    int ungranted() {
        return lines.values().stream().mapToInt(WaitLine::ungranted).sum();
    }

    /** Whether every running slot is taken. */
    boolean slotsFull() {
        return lanes.busyLanes() >= runningSlots;
    }

    /** Whether the tenant's runs hold its cap of slots: its next run waits for one of them. */
    boolean atCap(Path tenant) {
        return lanes.busy(tenant) >= shares.perTenant();
    }

    /**
     * Whether a worker of {@code tenant} may go to another tenant: no run of its own is waiting for one, or the
     * tenant holds its share already (the slots split over the tenants running or waiting).
     */
    boolean mayGiveUpAWorker(Path tenant) {
        return wanting.getOrDefault(tenant, 0) == 0 || lanes.busy(tenant) >= shares.share(activeTenants());
    }

    /**
     * Hands free lanes to waiting runs; {@code occupancy} orders a tenant's free lanes (fewest sessions first).
     *
     * @return whether any lane was handed out: the waiters must be woken
     */
    boolean dispatch(ToLongFunction<H> occupancy) {
        boolean granted = false;
        for (Map.Entry<Path, WaitLine<W, H>> entry : lines.entrySet()) {
            int free = runningSlots - lanes.busyLanes();
            if (free <= 0) {
                break;
            }
            free = shares.room(free, lanes.busy(entry.getKey()), othersWaiting(entry.getKey()), activeTenants());
            if (free <= 0) {
                continue;
            }
            // Every idle lane of the tenant is offered, at most `free` granted: offered only the first `free`, a run
            // pinned to its session's worker waited, every worker idle, while that worker's lane came later.
            List<W> mine = new ArrayList<>(lanes.idleLanesOf(entry.getKey()));
            List<W> before = List.copyOf(mine);
            if (entry.getValue().dispatch(mine, free, lanes::isLive, occupancy)) {
                before.stream().filter(lane -> !mine.contains(lane)).forEach(lanes::take);
                granted = true;
            }
        }
        return granted;
    }

    private int activeTenants() {
        return (int) lines.entrySet().stream().filter(e -> e.getValue().size() > 0 || lanes.busy(e.getKey()) > 0)
                .count();
    }

    private boolean othersWaiting(Path tenant) {
        return lines.entrySet().stream().anyMatch(e -> !e.getKey().equals(tenant) && e.getValue().size() > 0);
    }
}
