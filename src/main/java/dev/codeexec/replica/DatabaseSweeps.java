package dev.codeexec.replica;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a database sweep now and then every {@code every}, on a thread of its own. Stopping lets a sweep under way
 * finish (up to a grace) instead of interrupting it: an interrupted delete failed inside the database driver, and a
 * server stopped within a second of its start logged the transaction manager's errors and stack traces (H2 also
 * closes a file channel whose thread is interrupted).
 */
final class DatabaseSweeps {

    private final ScheduledExecutorService thread;

    DatabaseSweeps(String threadName) {
        this.thread = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().daemon().name(threadName).factory());
    }

    void start(Runnable sweep, Duration every) {
        thread.scheduleWithFixedDelay(sweep, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** No sweep starts after this; one under way has {@code grace} to finish, then is interrupted. */
    void stop(Duration grace) {
        thread.shutdown();
        try {
            if (!thread.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    boolean stopping() {
        return thread.isShutdown();
    }
}
