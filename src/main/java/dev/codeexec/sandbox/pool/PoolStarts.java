package dev.codeexec.sandbox.pool;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Which workers the pool starts, and for whom: the initial pool, one at a time ({@link InitialPool}); a tenant's
 * first worker, quick where workers may start so; a replacement; a quick worker's successor. It counts the starts
 * asked for and not yet over, for each tenant, and keeps why a tenant's last start failed while it has no live
 * worker. Starting one, retries included, is {@link WorkerStarts}'s. Not thread-safe: the placement calls it under
 * its lock ({@link WorkerPlacement}).
 */
final class PoolStarts {

    private final WorkerLanes<?, ?> lanes;
    /** Workers the pool may hold. */
    private final int capacity;
    /** Whether a tenant's first worker starts quick: no Truffle compiler, and a place for its successor. */
    private final boolean quickStarts;
    /** Starts a worker for a tenant, in the background. */
    private final BiConsumer<Path, WorkerStart> launch;
    /** Runs, off the lock, once the initial pool is all started. */
    private final Runnable poolFull;
    private final InitialPool initial;
    private final Map<Path, Integer> starting = new HashMap<>();
    /** Why each tenant's last worker start failed, while the tenant has no live worker; cleared when one joins. */
    private final Map<Path, String> failures = new HashMap<>();
    private boolean closed;

    /**
     * @param initial  the tenants of the initial pool's workers, in order
     * @param poolFull runs once the initial workers are all started and nothing is held back
     */
    PoolStarts(WorkerLanes<?, ?> lanes, int capacity, boolean quickStarts, List<Path> initial,
            BiConsumer<Path, WorkerStart> launch, Runnable poolFull) {
        this.lanes = lanes;
        this.capacity = capacity;
        this.quickStarts = quickStarts;
        this.launch = launch;
        this.poolFull = poolFull;
        this.initial = new InitialPool(initial);
    }

    /** Starts the initial pool's first worker; each of the others starts once the one before it is ready. */
    void startInitialPool() {
        startFirst(initial.next(false));
    }

    /** Starts a worker for {@code tenant}, one that serves as soon as it can: a replacement, or one more. */
    void start(Path tenant) {
        start(tenant, WorkerStart.SERVE_FIRST);
    }

    /** Starts a worker for {@code tenant}: quick when it is the tenant's first and workers may start quick. */
    void startFirst(Path tenant) {
        boolean first = !lanes.serves(tenant) && starting(tenant) == 0;
        start(tenant, quickStarts && first ? WorkerStart.QUICK : WorkerStart.SERVE_FIRST);
    }

    private void start(Path tenant, WorkerStart how) {
        if (closed) {
            return;
        }
        starting.merge(tenant, 1, Integer::sum);
        launch.accept(tenant, how);
    }

    /**
     * A tenant whose runs wait gets a worker in a free place; it takes its tenant's place in the initial pool, if
     * that was still to start: no second one later.
     */
    void startForRuns(Path tenant) {
        initial.remove(tenant);
        startFirst(tenant);
    }

    /**
     * Starts the successor of the quick workers {@code due}, a worker with both compilers that runs its warm-up
     * rounds before it is ready ({@link WorkerStart#WARM_FIRST}): the quick worker serves until then. Not while
     * another worker of its tenant is starting (that one takes its place), nor beyond the pool's places (tried again
     * at the next check).
     *
     * @param tenants the tenants of the quick workers whose successor is due
     * @return whether it started one
     */
    boolean startSuccessors(List<Path> tenants) {
        boolean started = false;
        for (Path tenant : tenants) {
            // A successor starting counts among its tenant's starts: once it is ready, its quick worker is gone.
            if (starting(tenant) > 0 || full()) {
                continue;
            }
            start(tenant, WorkerStart.WARM_FIRST);
            started = true;
        }
        return started;
    }

    /**
     * Starts the initial pool's next worker. With {@code mayHold}, a worker that just became ready and went straight
     * to a run, with no other run waiting ({@code runsWaiting} false), holds the next back until that run ends or
     * another waits: the first call after a server's start does not share the two cores with a second worker's start
     * (seconds of CPU, docs/benchmarks.md). Once nothing is left to start or held back, the pool is full
     * ({@code poolFull} runs).
     */
    void continueInitialPool(boolean mayHold, boolean runsWaiting) {
        if (mayHold && !initial.isEmpty() && lanes.busyLanes() > 0 && !runsWaiting) {
            initial.hold();
            return;
        }
        Path next = initial.next(full());
        if (next != null) {
            startFirst(next);
        } else {
            poolFull.run();
        }
    }

    /** Whether the initial pool's next worker is held back until a run ends or another waits. */
    boolean initialHeld() {
        return initial.held();
    }

    /** Whether the pool's places are all taken, by live workers and starts. */
    boolean full() {
        return lanes.size() + total() >= capacity;
    }

    /** A start for {@code tenant} is over: its worker joined the pool. */
    void joined(Path tenant) {
        starting.merge(tenant, -1, Integer::sum);
        failures.remove(tenant);
    }

    /** A start for {@code tenant} failed and is tried again after {@code retryIn}. */
    void failed(Path tenant, String why, Duration retryIn) {
        failures.put(tenant, "sandbox workers cannot start (" + why + "); the server tries again in "
                + Math.max(1, retryIn.toSeconds()) + " s, and its log says why");
    }

    /** A start for {@code tenant} was given up (the pool is closing). */
    void abandoned(Path tenant) {
        starting.merge(tenant, -1, Integer::sum);
    }

    /** Why the tenant's worker cannot start, for its runs to fail with; null when no start of its failed. */
    String failure(Path tenant) {
        return failures.get(tenant);
    }

    /**
     * Whether a tenant still waits for its first worker: the initial pool's next, or one starting for a tenant without
     * one. A start that failed is retried for as long as it fails, with the initial pool's rest behind it: neither
     * counts then, or every quick worker would stay on C1's code until it starts.
     */
    boolean firstWorkersPending() {
        boolean failing = failures.keySet().stream().anyMatch(tenant -> !lanes.serves(tenant));
        return !initial.isEmpty() && !failing || starting.entrySet().stream()
                .anyMatch(e -> e.getValue() > 0 && !lanes.serves(e.getKey()) && !failures.containsKey(e.getKey()));
    }

    int starting(Path tenant) {
        return starting.getOrDefault(tenant, 0);
    }

    /** Starts asked for and not over, over all tenants. */
    int total() {
        return starting.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The initial pool's workers still waiting their turn. */
    int queued() {
        return initial.size();
    }

    /** No more starts: the pool is closing. */
    void close() {
        closed = true;
    }
}
