package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.LatencyWindow;
import dev.codeexec.sandbox.Timing;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts workers in the background until they are ready, and retries a start that failed or ran out of time. Which
 * worker to start, and what becomes of it once ready, is the placement's ({@link WorkerPlacement#joined},
 * {@link WorkerPlacement#abandoned}).
 */
final class WorkerStarts {

    private static final Logger LOG = Logger.getLogger(WorkerStarts.class.getName());

    private final WorkerPlacement.Starter starter;
    private final Duration startTimeout;
    private final ExecutorService threads = Executors.newCachedThreadPool(
            Thread.ofPlatform().daemon().name("sandbox-worker-spawner").factory());
    private final AtomicInteger numbers = new AtomicInteger();
    /** From launch to ready: the JVM's start, the engine, the first interpreter and any warm-up before ready. */
    private final LatencyWindow durations = new LatencyWindow(256);
    private volatile boolean closed;

    WorkerStarts(WorkerPlacement.Starter starter, Duration startTimeout) {
        this.starter = starter;
        this.startTimeout = startTimeout;
    }

    /**
     * Starts a worker for {@code tenant} as {@code how} says; {@code pool} hears when it is ready, or that the start was
     * given up.
     */
    void start(Path tenant, WorkerStart how, WorkerPlacement pool) {
        threads.execute(() -> {
            long backoffMs = 500;
            // A start that ran out of time on a loaded machine would run out again, losing all its work each time:
            // each retry waits twice as long, up to four times the configured start timeout.
            Duration patience = startTimeout;
            Duration mostPatience = startTimeout.multipliedBy(4);
            try {
                while (!closed) {
                    int number = numbers.incrementAndGet();
                    WorkerProcess worker = null;
                    try {
                        long startNanos = System.nanoTime();
                        worker = starter.start(number, tenant, how, pool);
                        int warmedRounds = worker.awaitReady(patience);
                        durations.record((System.nanoTime() - startNanos) / 1_000_000);
                        LOG.log(Level.FINE, "sandbox worker {0} ready (pid {1}) after {2} warm-up rounds",
                                new Object[] {number, worker.pid(), warmedRounds});
                        pool.joined(worker, tenant, how);
                        return;
                    } catch (IOException | WorkerProcess.WorkerGone e) {
                        if (closed) {
                            // Interrupted by close(): the server is stopping, nothing failed.
                            break;
                        }
                        LOG.log(Level.WARNING, "sandbox worker {0} failed to start: {1}{2}; retrying in {3} ms",
                                new Object[] {number, e.getMessage(), worker == null ? "" : worker.startFailure(),
                                    backoffMs});
                        pool.startFailed(tenant, e.getMessage(), Duration.ofMillis(backoffMs));
                        Thread.sleep(backoffMs);
                        backoffMs = Math.min(backoffMs * 2, 30_000);
                        patience = patience.multipliedBy(2).compareTo(mostPatience) > 0 ? mostPatience
                                : patience.multipliedBy(2);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            pool.abandoned(tenant);
        });
    }

    /** How long the starts took, from launch to ready. */
    Timing timing() {
        return durations.timing();
    }

    /** Runs {@code task} on these threads, off the request path. */
    void background(Runnable task) {
        threads.execute(task);
    }

    /** Interrupts the starts in progress: each is given up. */
    void close() {
        closed = true;
        threads.shutdownNow();
    }
}
