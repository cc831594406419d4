package dev.codeexec.sandbox;

import java.time.Duration;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One background run: its state, its retained output and, once it ends, its result. Readers wait on it for new
 * output or the end. Its terminal state is set once and never changes.
 */
final class BackgroundRun {

    enum State { QUEUED, RUNNING, FINISHED }

    final String id;
    final String owner;
    private final RetainedOutput stdout;
    private final RetainedOutput stderr;
    private final RunHooks hooks;
    private final java.util.function.Consumer<ExecutionResult> onFinish;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private State state = State.QUEUED;
    private ExecutionResult result;
    private boolean cancelRequested;
    private long finishedNanos;

    /** @param onFinish told the result once, when the run ends */
    BackgroundRun(String id, String owner, int retainedBytes, java.util.function.Consumer<ExecutionResult> onFinish) {
        this.id = id;
        this.owner = owner;
        this.onFinish = onFinish;
        this.stdout = new RetainedOutput(retainedBytes);
        this.stderr = new RetainedOutput(retainedBytes);
        this.hooks = new RunHooks(this::output, this::started);
    }

    RunHooks hooks() {
        return hooks;
    }

    private void output(boolean toStderr, byte[] bytes, int offset, int length) {
        lock.lock();
        try {
            if (state == State.FINISHED) {
                return;
            }
            (toStderr ? stderr : stdout).append(bytes, offset, length);
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void started() {
        lock.lock();
        try {
            if (state == State.QUEUED) {
                state = State.RUNNING;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Asks the run to stop; a queued run ends as cancelled at once. Does nothing to a finished run.
     */
    void cancel() {
        lock.lock();
        try {
            if (state == State.FINISHED || cancelRequested) {
                return;
            }
            cancelRequested = true;
            if (state == State.QUEUED) {
                byte[] note = ExecutionResult.CANCELLED_BEFORE_START.getBytes(java.nio.charset.StandardCharsets.UTF_8);
                stderr.append(note, 0, note.length);
                finish(ExecutionResult.cancelledBeforeStart());
            }
        } finally {
            lock.unlock();
        }
        hooks.cancel();
    }

    /** Records the result; the first one wins, later ones (of a run already ended as cancelled) are ignored. */
    void finish(ExecutionResult finished) {
        lock.lock();
        try {
            if (state != State.FINISHED) {
                state = State.FINISHED;
                result = finished;
                finishedNanos = System.nanoTime();
                changed.signalAll();
                onFinish.accept(finished);
            }
        } finally {
            lock.unlock();
        }
    }

    State state() {
        lock.lock();
        try {
            return state;
        } finally {
            lock.unlock();
        }
    }

    /** The result once finished, else null. */
    ExecutionResult result() {
        lock.lock();
        try {
            return result;
        } finally {
            lock.unlock();
        }
    }

    boolean cancelled() {
        lock.lock();
        try {
            return cancelRequested && result != null && result.exitCode() == ExecutionResult.EXIT_CANCELLED;
        } finally {
            lock.unlock();
        }
    }

    /** When it finished (System.nanoTime), or Long.MAX_VALUE while it has not. */
    long finishedAt() {
        lock.lock();
        try {
            return state == State.FINISHED ? finishedNanos : Long.MAX_VALUE;
        } finally {
            lock.unlock();
        }
    }

    /** Finished before {@code cutoffNanos} (System.nanoTime). */
    boolean finishedBefore(long cutoffNanos) {
        lock.lock();
        try {
            return state == State.FINISHED && finishedNanos - cutoffNanos < 0;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Waits up to {@code wait} until either stream has bytes past its offset, the state differs from
     * {@code seen}, or the run has finished.
     */
    void awaitChange(long stdoutOffset, long stderrOffset, State seen, Duration wait) throws InterruptedException {
        long nanos = wait.toNanos();
        lock.lock();
        try {
            while (state == seen && state != State.FINISHED && stdout.total() <= stdoutOffset
                    && stderr.total() <= stderrOffset && nanos > 0) {
                nanos = changed.awaitNanos(nanos);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Waits up to {@code wait} for the run to finish; true when it has. */
    boolean awaitEnd(Duration wait) throws InterruptedException {
        long nanos = wait.toNanos();
        lock.lock();
        try {
            while (state != State.FINISHED && nanos > 0) {
                nanos = changed.awaitNanos(nanos);
            }
            return state == State.FINISHED;
        } finally {
            lock.unlock();
        }
    }

    /** The run now, without output: both pages start where the streams end. */
    ExecutionView summary() {
        lock.lock();
        try {
            return view(stdout.total(), stderr.total(), 1);
        } finally {
            lock.unlock();
        }
    }

    /** The run now, with a page of each stream from the given offsets. */
    ExecutionView view(long stdoutOffset, long stderrOffset, int maxBytes) {
        lock.lock();
        try {
            boolean complete = state == State.FINISHED;
            RetainedOutput.Page out = stdout.page("stdout_offset", stdoutOffset, maxBytes, complete);
            RetainedOutput.Page err = stderr.page("stderr_offset", stderrOffset, maxBytes, complete);
            ExecutionResult r = result;
            return new ExecutionView(id, state.name().toLowerCase(java.util.Locale.ROOT), cancelled(), out.text(),
                    err.text(), out.nextOffset(), err.nextOffset(), out.hasMore() || err.hasMore(),
                    out.dropped() || err.dropped(), r == null ? null : r.exitCode(), r == null ? null : r.durationMs(),
                    r == null ? null : r.truncated(), r == null ? null : r.timedOut(), r == null ? null : r.stdoutFile(),
                    r == null ? null : r.stderrFile());
        } finally {
            lock.unlock();
        }
    }
}
