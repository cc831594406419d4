package dev.codeexec.sandbox.worker;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;

/**
 * The worker's bound on its live threads ({@code sandbox.worker.max-threads}), kept from outside the guest's reach:
 * a thread of the worker's own looks at the JVM's count of live threads every few milliseconds and, past the bound,
 * stops the whole worker with {@link #EXIT_STATUS}, which the server reports to the runs on it. Guest code can start
 * threads faster than a run's own cap ({@code sandbox.threads-per-run}) counts them, and can reach the unwrapped
 * {@code _thread.start_new_thread}; without this a run started about 1,500 threads a second until the host ran out of
 * process ids, for every tenant's workers and the server alike. Logs the count and the bound only.
 *
 * <p>Only guest code starts threads without bound, and it runs only while an execution does: an idle worker whose
 * count stays put is looked at four times a second instead of a hundred, so an idle pool does not wake each worker
 * a hundred times a second (laptops running the server over stdio). A run's start wakes it ({@link #wake}), and a
 * count that grew since the last look keeps the short period, so threads a stopped run left starting still meet the
 * bound within milliseconds.
 */
public final class ThreadCeiling {

    /** The worker's exit status when it stopped itself here. */
    public static final int EXIT_STATUS = 86;
    /** How often the count is looked at while runs go: at about 1,500 new threads a second, a few dozen past the bound at most. */
    static final long BUSY_PERIOD_MILLIS = 10;
    /** How often while no run goes and the count has not grown. */
    static final long IDLE_PERIOD_MILLIS = 250;

    private final int maxThreads;
    private final IntSupplier live;
    private final BooleanSupplier running;
    private int lastCount;
    private volatile Thread watcher;

    ThreadCeiling(int maxThreads, IntSupplier live, BooleanSupplier running) {
        this.maxThreads = maxThreads;
        this.live = live;
        this.running = running;
    }

    /** Starts watching this JVM's threads against {@code maxThreads}; {@code running} tells whether a run goes. */
    public static ThreadCeiling watch(int maxThreads, BooleanSupplier running) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ThreadCeiling ceiling = new ThreadCeiling(maxThreads, threads::getThreadCount, running);
        ceiling.watcher = Thread.ofPlatform().daemon().name("worker-thread-ceiling").start(ceiling::watch);
        return ceiling;
    }

    /** A run starts: the next look comes now, not at the end of an idle period. */
    public void wake() {
        Thread thread = watcher;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    private void watch() {
        while (true) {
            long period = look();
            if (period < 0) {
                System.err.println("worker stopped: " + lastCount + " threads alive, over sandbox.worker.max-threads="
                        + maxThreads);
                System.err.flush();
                Runtime.getRuntime().halt(EXIT_STATUS);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(period));
        }
    }

    /** One look at the count: -1 past the bound, else how long until the next look. */
    long look() {
        int count = live.getAsInt();
        boolean grew = count > lastCount;
        lastCount = count;
        if (count > maxThreads) {
            return -1;
        }
        return running.getAsBoolean() || grew ? BUSY_PERIOD_MILLIS : IDLE_PERIOD_MILLIS;
    }
}
