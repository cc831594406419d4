package dev.codeexec.sandbox;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One background run: its state, its retained output and, once it ends, its result. Readers wait on it for new
 * output or the end. Its terminal state is set once and never changes.
 */
final class BackgroundRun {

    enum State {
        QUEUED, RUNNING, FINISHED;

        /** As views name it ({@link ExecutionView#status()}). */
        String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    final String id;
    final String owner;
    private final RetainedOutput stdout;
    private final RetainedOutput stderr;
    private final RunHooks hooks;
    private final java.util.function.Consumer<ExecutionResult> onFinish;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** Long-polls waiting without a thread: completed, outside the lock, on the next change. */
    private final List<CompletableFuture<Void>> watchers = new ArrayList<>();
    private State state = State.QUEUED;
    private ExecutionResult result;
    /** A caller waits for the result (execute_code wait_s): it gets it as a synchronous run's caller would. */
    private boolean awaited;
    /** The result as that caller gets it (inline head and tail, spill files), kept only while it waits. */
    private ExecutionResult answer;
    private boolean cancelRequested;
    private long finishedNanos;
    /** A change under the lock woke async readers, to be completed once it is released. */
    private boolean pendingWake;

    /** @param onFinish told the result once, when the run ends */
    BackgroundRun(String id, String owner, int retainedBytes, boolean awaited,
            java.util.function.Consumer<ExecutionResult> onFinish) {
        this.id = id;
        this.owner = owner;
        this.awaited = awaited;
        this.onFinish = onFinish;
        this.stdout = new RetainedOutput(retainedBytes);
        this.stderr = new RetainedOutput(retainedBytes);
        this.hooks = new RunHooks(this::output, this::started);
    }

    RunHooks hooks() {
        return hooks;
    }

    /** Wakes blocked readers; called under the lock. The async ones are told once the lock is released. */
    private void signal() {
        changed.signalAll();
        pendingWake = !watchers.isEmpty();
    }

    /** Unlocks, then completes the async readers that a change under the lock woke. */
    private void unlockAndWake() {
        List<CompletableFuture<Void>> woken = List.of();
        if (pendingWake) {
            pendingWake = false;
            woken = new ArrayList<>(watchers);
            watchers.clear();
        }
        lock.unlock();
        woken.forEach(f -> f.complete(null));
    }

    /**
     * Completes, without holding a thread, once either stream has bytes past its offset or the run has finished: at
     * once if that is so already. A queued run starting is no such change: get_execution's wait_s promises to wait
     * for output or the end, and a poll answered at the start came back with nothing, for the caller to ask again.
     * A caller that stops waiting first (a timeout) calls {@link #forget}.
     */
    CompletableFuture<Void> nextOutput(long stdoutOffset, long stderrOffset) {
        lock.lock();
        try {
            if (state == State.FINISHED || stdout.total() > stdoutOffset || stderr.total() > stderrOffset) {
                return CompletableFuture.completedFuture(null);
            }
            CompletableFuture<Void> next = new CompletableFuture<>();
            watchers.add(next);
            return next;
        } finally {
            lock.unlock();
        }
    }

    /** Drops a reader of {@link #nextOutput} that stopped waiting. */
    void forget(CompletableFuture<Void> watcher) {
        lock.lock();
        try {
            watchers.remove(watcher);
        } finally {
            lock.unlock();
        }
    }

    private void output(boolean toStderr, byte[] bytes, int offset, int length) {
        lock.lock();
        try {
            if (state == State.FINISHED) {
                return;
            }
            (toStderr ? stderr : stdout).append(bytes, offset, length);
            signal();
        } finally {
            unlockAndWake();
        }
    }

    private void started() {
        lock.lock();
        try {
            if (state == State.QUEUED) {
                state = State.RUNNING;
                // Event streams show the start; long-polls (nextOutput) wait on for output or the end.
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
            unlockAndWake();
        }
        hooks.cancel();
    }

    /** Records the result; the first one wins, later ones (of a run already ended as cancelled) are ignored. */
    void finish(ExecutionResult finished) {
        lock.lock();
        try {
            if (state != State.FINISHED) {
                state = State.FINISHED;
                // Its output is in the retained streams already; the inline copy is kept only for a waiting caller.
                answer = awaited ? finished : null;
                // Its spill files stay named: a reader whose pages were dropped finds the whole streams there.
                result = new ExecutionResult("", "", finished.exitCode(), finished.durationMs(), finished.truncated(),
                        finished.timedOut(), finished.stdoutFile(), finished.stderrFile(),
                        new RunReport(null, 0, false, finished.reportOrEmpty().spills(), null, 0, 0));
                finishedNanos = System.nanoTime();
                signal();
                onFinish.accept(finished);
            }
        } finally {
            unlockAndWake();
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

    /**
     * The result once finished, as a synchronous run's caller gets it: each stream within its inline budget (head and
     * tail), the rest in its spill file. Null while it runs, and for a run no caller waits for.
     */
    ExecutionResult result() {
        lock.lock();
        try {
            return answer;
        } finally {
            lock.unlock();
        }
    }

    /** The waiting caller gave up (its wait_s ran out): the run goes on in the background and keeps no inline copy. */
    void stopAwaiting() {
        lock.lock();
        try {
            awaited = false;
            answer = null;
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
            return new ExecutionView(id, state.key(), cancelled(), out.text(),
                    err.text(), out.nextOffset(), err.nextOffset(), out.hasMore() || err.hasMore(),
                    out.dropped() || err.dropped(), r == null ? null : r.exitCode(), r == null ? null : r.durationMs(),
                    r == null ? null : r.truncated(), r == null ? null : r.timedOut(), r == null ? null : r.stdoutFile(),
                    r == null ? null : r.stderrFile(), null, r == null ? null : r.reportOrEmpty().spills());
        } finally {
            lock.unlock();
        }
    }
}
