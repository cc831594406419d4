package dev.codeexec.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What the caller of one execution can watch and do while it runs: hear its output as the guest writes it, hear
 * when its guest code starts, and cancel it. A plain synchronous run gets {@link #none()}: it streams nothing, so
 * the worker sends no output frames and the fast path costs no more than before.
 */
public final class RunHooks {

    /** Receives output as it is produced, in order within each stream. */
    public interface Output {
        void write(boolean stderr, byte[] bytes, int offset, int length);
    }

    private static final Logger LOG = Logger.getLogger(RunHooks.class.getName());

    private final Output output;
    /** Set once the watcher failed: the rest of the run's output goes unwatched. */
    private volatile boolean outputFailed;
    private final Runnable onStart;
    private final CompletableFuture<Void> cancelled = new CompletableFuture<>();

    /** @param output null when nobody watches the output */
    public RunHooks(Output output, Runnable onStart) {
        this.output = output;
        this.onStart = onStart;
    }

    public static RunHooks none() {
        return new RunHooks(null, () -> { });
    }

    /** Whether output must be passed on while the run goes (a worker then streams it to the server). */
    public boolean streams() {
        return output != null;
    }

    /**
     * Passes output to the watcher. A watcher that fails is dropped for the rest of the run, never rethrown: it is
     * called on a worker's reply thread, which every run on that worker waits on (a progress tally's fault once left
     * them all hanging until their timeouts).
     */
    public void output(boolean stderr, byte[] bytes, int offset, int length) {
        if (output != null && length > 0 && !outputFailed) {
            try {
                output.write(stderr, bytes, offset, length);
            } catch (RuntimeException e) {
                outputFailed = true;
                LOG.log(Level.WARNING, "an output watcher failed ({0}); the run goes on unwatched",
                        e.getClass().getSimpleName());
            }
        }
    }

    /** Host text that also goes into the result (a session notice, why a worker was killed). */
    public void note(boolean stderr, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        output(stderr, bytes, 0, bytes.length);
    }

    public void started() {
        onStart.run();
    }

    /** Asks the run to stop: soft cancellation first, then, in a worker process, a kill after the cancel grace. */
    public void cancel() {
        cancelled.complete(null);
    }

    public boolean cancelRequested() {
        return cancelled.isDone();
    }

    /** Completes when cancellation is requested. */
    public CompletableFuture<Void> cancellation() {
        return cancelled;
    }
}
