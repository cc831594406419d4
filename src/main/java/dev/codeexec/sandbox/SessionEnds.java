package dev.codeexec.sandbox;

import dev.codeexec.tenant.HandleTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Ends the sessions nobody resets as their processes would exit, with the last run reset_session gives one (exit
 * handlers, then the files left open closed): a session whose handle expired idle, found by a sweep, and at shutdown
 * every session still open. Each last run takes a running slot as any run does.
 */
final class SessionEnds implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(SessionEnds.class.getName());

    /** A session's last run in a running slot, its handle already gone; a full queue after waiting refuses it. */
    interface LastRun {
        void end(HandleTable.Forgotten<String> session, Admission.Ticket ticket, Duration timeout, String why);
    }

    private final Admission admission;
    private final SessionHolds holds;
    private final LastRun lastRun;
    /** Sessions whose handles expired, oldest first, until their last run. */
    private final Queue<HandleTable.Forgotten<String>> expired = new ConcurrentLinkedQueue<>();
    /** Its own thread: a last run may wait for a running slot, and nothing else need wait for it. */
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("session-end").factory());

    SessionEnds(Admission admission, SessionHolds holds, LastRun lastRun) {
        this.admission = admission;
        this.holds = holds;
        this.lastRun = lastRun;
    }

    /** The handle table's expiry listener. */
    void expired(HandleTable.Forgotten<String> session) {
        expired.add(session);
    }

    /** Sweeps {@code sessions} for expired handles every {@code period} and ends what it finds. */
    void start(HandleTable<String> sessions, Duration period) {
        sweeper.scheduleWithFixedDelay(() -> {
            sessions.sweep();
            endExpired();
        }, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Ends the expired sessions one after another. One that a run still holds (one that took it as its handle expired:
     * a handle is not idle while a run holds it), or that finds the queue full, waits for the next sweep; the executors drop a session nobody ended after
     * {@link SandboxSettings#sessionBackstopTtl}.
     */
    void endExpired() {
        for (int left = expired.size(); left > 0; left--) {
            HandleTable.Forgotten<String> session = expired.poll();
            if (session == null) {
                return;
            }
            try {
                if (!endNow(session)) {
                    expired.add(session);
                }
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "an expired session could not be ended: {0}", e.toString());
            }
        }
    }

    private boolean endNow(HandleTable.Forgotten<String> session) {
        if (holds.held(SessionKey.of(session.tenant(), session.handle()))) {
            return false;
        }
        Admission.Ticket ticket;
        try {
            ticket = admission.enter();
        } catch (SandboxBusyException e) {
            return false;
        }
        try {
            lastRun.end(session, ticket, Duration.ofSeconds(ExecutionLimits.DEFAULT_TIMEOUT_S), "expired");
            return true;
        } catch (SandboxBusyException e) {
            return false;
        }
    }

    /**
     * At shutdown, once closed: every session in {@code open} and every expired one not yet ended gets its
     * last run, side by side in the running slots, for {@code grace} in all. What has not ended by then dies with its
     * worker, as a killed process does; so does a session a run still holds that long. Returns how many ended.
     */
    int endAll(List<HandleTable.Forgotten<String>> open, Duration grace) {
        List<HandleTable.Forgotten<String>> all = new ArrayList<>(open);
        for (HandleTable.Forgotten<String> e; (e = expired.poll()) != null; ) {
            all.add(e);
        }
        if (all.isEmpty()) {
            return 0;
        }
        long deadline = System.nanoTime() + grace.toNanos();
        ExecutorService ends = Executors.newVirtualThreadPerTaskExecutor();
        List<Future<?>> running = new ArrayList<>();
        for (HandleTable.Forgotten<String> session : all) {
            running.add(ends.submit(() -> lastRun.end(session, admission.enter(), grace, "shutdown")));
        }
        int ended = 0;
        for (Future<?> end : running) {
            try {
                end.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                ended++;
            } catch (TimeoutException | ExecutionException e) {
                // Left to die with its worker, or refused by a full queue.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        ends.shutdownNow();
        LOG.log(Level.INFO, "sessions ended at shutdown: {0} of {1}", new Object[] {ended, all.size()});
        return ended;
    }

    /** Stops the sweeps; a last run under way is interrupted. */
    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
