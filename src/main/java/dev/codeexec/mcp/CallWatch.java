package dev.codeexec.mcp;

import dev.codeexec.sandbox.SandboxConfig;
import io.quarkiverse.mcp.server.Cancellation;
import io.quarkiverse.mcp.server.Progress;
import io.quarkiverse.mcp.server.ProgressToken;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Watches one tool call while it runs. The MCP framework only records notifications/cancelled, so this polls it
 * and stops the work; and when the client sent a progressToken, it sends notifications/progress every interval,
 * so clients that reset their request timeout on progress keep waiting for a long run.
 */
@Singleton
public class CallWatch {

    private static final Logger LOG = Logger.getLogger(CallWatch.class.getName());
    /** How soon a cancellation takes effect; checking costs a map lookup. */
    private static final long POLL_MILLIS = 200;

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("mcp-call-watch").factory());
    private final long progressEveryNanos;

    public CallWatch(SandboxConfig config) {
        this.progressEveryNanos = config.runs().progressInterval().toNanos();
    }

    /** What a progress notification says about the work so far. */
    public record Status(long outputBytes, String lastLine) {
    }

    /**
     * Runs {@code work} on the calling thread; meanwhile calls {@code cancel} (once) when the client cancels the
     * request, and reports {@code status} as progress when the client asked for progress. {@code cancel} and
     * {@code status} run on the watch's timer, so they must return at once.
     */
    public <T> T watch(Cancellation cancellation, Progress progress, Runnable cancel, Supplier<Status> status,
            Supplier<T> work) {
        Optional<ProgressToken> token = progress.token();
        long start = System.nanoTime();
        long[] nextProgress = {start + progressEveryNanos};
        boolean[] cancelled = {false};
        ScheduledFuture<?> check = timer.scheduleWithFixedDelay(() -> {
            try {
                if (!cancelled[0] && cancellation.check().isRequested()) {
                    cancelled[0] = true;
                    cancel.run();
                }
                long now = System.nanoTime();
                if (token.isPresent() && now - nextProgress[0] >= 0) {
                    nextProgress[0] = now + progressEveryNanos;
                    Status s = status.get();
                    double elapsedS = Math.round((now - start) / 1e8) / 10.0;
                    progress.notificationBuilder().setProgress(elapsedS)
                            .setMessage(elapsedS + " s, " + s.outputBytes() + " bytes of output"
                                    + (s.lastLine().isEmpty() ? "" : "; last line: " + s.lastLine()))
                            .build().sendAndForget();
                }
            } catch (RuntimeException e) {
                // A closed connection or a finished run: the call itself reports what happened.
                LOG.log(Level.FINE, "call watch: {0}", e.getClass().getSimpleName());
            }
        }, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
        try {
            return work.get();
        } finally {
            check.cancel(false);
        }
    }

    /** Stops watching a call that holds no thread. */
    public interface Watching extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * For a call that holds no thread while it waits (a long-poll): calls {@code cancel} once when the client cancels
     * the request, until the returned watch is closed. {@code cancel} runs on the watch's timer.
     */
    public Watching whenCancelled(Cancellation cancellation, Runnable cancel) {
        ScheduledFuture<?>[] check = new ScheduledFuture<?>[1];
        check[0] = timer.scheduleWithFixedDelay(() -> {
            try {
                if (cancellation.check().isRequested()) {
                    check[0].cancel(false);
                    cancel.run();
                }
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "call watch: {0}", e.getClass().getSimpleName());
            }
        }, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
        return () -> check[0].cancel(false);
    }

    @PreDestroy
    void stop() {
        timer.shutdownNow();
    }
}
