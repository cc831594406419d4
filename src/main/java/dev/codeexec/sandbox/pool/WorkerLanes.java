package dev.codeexec.sandbox.pool;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The pool's live workers, the tenant each serves, and their lanes: which are free, how many each worker has out to
 * runs, and since when each worker has had none out. Not thread-safe: the placement calls it under its lock
 * ({@link WorkerPlacement}), like the wait lines.
 *
 * @param <W> a lane, one place on a worker for one run
 * @param <H> a worker
 */
final class WorkerLanes<W, H> {

    private final Function<W, H> hostOf;
    /** Every live worker and the workspace of the tenant it serves. */
    private final Map<H, Path> live = new HashMap<>();
    /** Lanes free to take, of live workers. */
    private final Deque<W> idle = new ArrayDeque<>();
    /** Each live worker's lanes taken by runs. */
    private final Map<H, Integer> out = new HashMap<>();
    /** When each worker became ready or last finished a run ({@link System#nanoTime}). */
    private final Map<H, Long> idleSince = new HashMap<>();

    /** @param hostOf the worker a lane belongs to */
    WorkerLanes(Function<W, H> hostOf) {
        this.hostOf = hostOf;
    }

    H hostOf(W lane) {
        return hostOf.apply(lane);
    }

    /** A worker ready at {@code nowNanos} for {@code tenant}: every one of its {@code lanes} is free. */
    void join(H worker, Path tenant, List<W> lanes, long nowNanos) {
        live.put(worker, tenant);
        out.put(worker, 0);
        idle.addAll(lanes);
        idleSince.put(worker, nowNanos);
    }

    /** Takes a worker and its lanes out; false when it was not live. */
    boolean remove(H worker) {
        if (live.remove(worker) == null) {
            return false;
        }
        withhold(worker);
        out.remove(worker);
        idleSince.remove(worker);
        return true;
    }

    /** Takes every worker out, for the pool's close; returns them. */
    List<H> clear() {
        List<H> workers = new ArrayList<>(live.keySet());
        live.clear();
        idle.clear();
        out.clear();
        return workers;
    }

    /** The tenant a live worker serves; null when it is not live. */
    Path tenantOf(H worker) {
        return live.get(worker);
    }

    boolean isLive(H worker) {
        return live.containsKey(worker);
    }

    /** Whether any live worker serves {@code tenant}. */
    boolean serves(Path tenant) {
        return live.containsValue(tenant);
    }

    int size() {
        return live.size();
    }

    List<H> workers() {
        return List.copyOf(live.keySet());
    }

    List<H> workersOf(Path tenant) {
        return live.entrySet().stream().filter(e -> e.getValue().equals(tenant)).map(Map.Entry::getKey).toList();
    }

    /** Workers with every lane free, the one free longest first. */
    Stream<H> idleWorkers() {
        return idle.stream().map(hostOf).distinct().filter(w -> out.getOrDefault(w, 0) == 0);
    }

    /** Lanes taken by runs, over all workers. */
    int busyLanes() {
        return out.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Lanes a tenant's runs hold. */
    int busy(Path tenant) {
        return workersOf(tenant).stream().mapToInt(this::runsOn).sum();
    }

    /** Lanes of {@code worker} taken by runs. */
    int runsOn(H worker) {
        return out.getOrDefault(worker, 0);
    }

    /** When {@code worker} last had no lane out ({@link System#nanoTime}), or {@code orElse} if never. */
    long idleSince(H worker, long orElse) {
        return idleSince.getOrDefault(worker, orElse);
    }

    /** The free lanes of the tenant's workers, in line. */
    List<W> idleLanesOf(Path tenant) {
        return idle.stream().filter(lane -> tenant.equals(live.get(hostOf.apply(lane)))).toList();
    }

    /** A free lane goes to a run. */
    void take(W lane) {
        idle.remove(lane);
        out.merge(hostOf.apply(lane), 1, Integer::sum);
    }

    /** No run is given a free lane of {@code worker} from now on: it is going. */
    void withhold(H worker) {
        idle.removeIf(lane -> worker.equals(hostOf.apply(lane)));
    }

    /** A run on {@code worker} ended; returns the lanes still out on it. Its lane is not free yet ({@link #free}). */
    int runEnded(H worker) {
        return out.merge(worker, -1, Integer::sum);
    }

    /**
     * Back among the free lanes at {@code nowNanos}; {@code first} puts it at the front (it was taken only to be
     * pinned). Otherwise to the back: the next execution goes to the worker that has had longest to pre-build its
     * next context.
     */
    void free(W lane, boolean first, long nowNanos) {
        idleSince.put(hostOf.apply(lane), nowNanos);
        if (first) {
            idle.addFirst(lane);
        } else {
            idle.addLast(lane);
        }
    }
}
