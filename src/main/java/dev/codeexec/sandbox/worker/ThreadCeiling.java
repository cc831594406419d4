package dev.codeexec.sandbox.worker;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.IntSupplier;

/**
 * The worker's bound on its live threads ({@code sandbox.worker.max-threads}), kept from outside the guest's reach:
 * a thread of the worker's own looks at the JVM's count of live threads every few milliseconds and, past the bound,
 * stops the whole worker with {@link #EXIT_STATUS}, which the server reports to the runs on it. Guest code can start
 * threads faster than a run's own cap ({@code sandbox.threads-per-run}) counts them, and can reach the unwrapped
 * {@code _thread.start_new_thread}; without this a run started about 1,500 threads a second until the host ran out of
 * process ids, for every tenant's workers and the server alike. Logs the count and the bound only.
 */
public final class ThreadCeiling {

    /** The worker's exit status when it stopped itself here. */
    public static final int EXIT_STATUS = 86;
    /** How often the count is looked at: at about 1,500 new threads a second, a few dozen past the bound at most. */
    private static final long PERIOD_MILLIS = 10;

    private ThreadCeiling() {
    }

    /** Starts watching this JVM's threads against {@code maxThreads}. */
    public static void watch(int maxThreads) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Thread.ofPlatform().daemon().name("worker-thread-ceiling").start(() -> watch(maxThreads, threads::getThreadCount));
    }

    private static void watch(int maxThreads, IntSupplier live) {
        while (true) {
            int count = live.getAsInt();
            if (count > maxThreads) {
                System.err.println("worker stopped: " + count + " threads alive, over sandbox.worker.max-threads="
                        + maxThreads);
                System.err.flush();
                Runtime.getRuntime().halt(EXIT_STATUS);
            }
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
