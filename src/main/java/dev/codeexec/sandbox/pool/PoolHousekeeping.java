package dev.codeexec.sandbox.pool;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The pool's timers, on one daemon thread: the check for quick workers' successors, and the stop of idle workers.
 * Each check takes the placement's lock itself ({@link WorkerPlacement}), so the timer holds nothing between checks.
 */
final class PoolHousekeeping {

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("sandbox-worker-idle").factory());

    /** Runs {@code check} every second, from a second on. */
    void everySecond(Runnable check) {
        timer.scheduleWithFixedDelay(check, 1, 1, TimeUnit.SECONDS);
    }

    /** Runs {@code check}, the stop of workers idle for {@code idleStop}, for as long as the pool lives. */
    void forIdleStop(Duration idleStop, Runnable check) {
        // Often enough that a worker outlives its idle time by a quarter of it at most.
        long period = Math.clamp(idleStop.toMillis() / 4, 1_000, 30_000);
        timer.scheduleWithFixedDelay(check, period, period, TimeUnit.MILLISECONDS);
    }

    void close() {
        timer.shutdownNow();
    }
}
