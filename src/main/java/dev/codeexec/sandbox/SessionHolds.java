package dev.codeexec.sandbox;

import dev.codeexec.InvalidInputException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Which run holds each persistent session. A background run takes its session at once or is refused; a foreground
 * call may wait for a foreground run to end, but only within its own timeout_s, and is then refused naming the run
 * that still holds it. A refused call never touches the session, so nothing in it is lost.
 */
final class SessionHolds {

    /** The run holding a session: a background one has an execution id, a foreground one only its start. */
    record Holder(String executionId, long timeoutS, long sinceNanos) {

        static Holder background(String executionId) {
            return new Holder(executionId, 0, System.nanoTime());
        }

        static Holder foreground(Duration timeout) {
            return new Holder(null, timeout.toSeconds(), System.nanoTime());
        }

        boolean background() {
            return executionId != null;
        }

        String describe() {
            if (background()) {
                return "background execution " + executionId + " is running in it; wait for it with get_execution or "
                        + "cancel it with cancel_execution";
            }
            return "a foreground execute_code call (timeout_s " + timeoutS + ", running for "
                    + Duration.ofNanos(System.nanoTime() - sinceNanos).toSeconds() + " s) is running in it";
        }
    }

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition released = lock.newCondition();
    private final Map<SessionKey, Holder> held = new HashMap<>();

    /** Takes {@code key} for a background run, or refuses at once naming the run that holds it. */
    void takeNow(SessionKey key, Holder holder) {
        lock.lock();
        try {
            Holder current = held.putIfAbsent(key, holder);
            if (current != null) {
                throw busy(current, "");
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes {@code key} for a foreground run, waiting for a foreground holder to end for at most {@code patience}.
     *
     * @return how long it waited, or null when {@code hooks} was cancelled meanwhile (nothing is then held)
     * @throws InvalidInputException naming the holder: a background run, or a foreground one still running when
     *                               the patience ran out
     */
    Duration take(SessionKey key, Holder holder, Duration patience, RunHooks hooks) {
        long start = System.nanoTime();
        long left = patience.toNanos();
        hooks.cancellation().thenRun(this::wakeAll);
        lock.lock();
        try {
            Holder current;
            while ((current = held.putIfAbsent(key, holder)) != null) {
                if (current.background()) {
                    throw busy(current, "");
                }
                if (hooks.cancelRequested()) {
                    return null;
                }
                if (left <= 0) {
                    throw busy(current, "; it still held the session when this call's timeout_s of "
                            + patience.toSeconds() + " s ran out, and this call did not run: send it again once that "
                            + "call has answered");
                }
                left = released.awaitNanos(left);
            }
            return Duration.ofNanos(System.nanoTime() - start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a session", e);
        } finally {
            lock.unlock();
        }
    }

    /** Whether a background run holds {@code key}: a reset is refused then. */
    Holder background(SessionKey key) {
        lock.lock();
        try {
            Holder current = held.get(key);
            return current != null && current.background() ? current : null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Whether any run holds {@code key}: its handle does not expire meanwhile, and an expired session is ended only
     * once none does.
     */
    boolean held(SessionKey key) {
        lock.lock();
        try {
            return held.containsKey(key);
        } finally {
            lock.unlock();
        }
    }

    void release(SessionKey key, Holder holder) {
        lock.lock();
        try {
            if (held.remove(key, holder)) {
                released.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    private void wakeAll() {
        lock.lock();
        try {
            released.signalAll();
        } finally {
            lock.unlock();
        }
    }

    static InvalidInputException busy(Holder holder, String more) {
        return new InvalidInputException("session", "is busy: " + holder.describe() + more,
                InvalidInputException.Kind.CONFLICT);
    }
}
