package dev.codeexec.sandbox;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One sandbox worker JVM as the server sees it: start it, wait for it to be warm, send it one
 * execution at a time, and kill it (with everything it started) when it overruns or misbehaves.
 */
final class WorkerProcess {

    private static final Logger LOG = Logger.getLogger(WorkerProcess.class.getName());
    /** The JVM's status under -XX:+ExitOnOutOfMemoryError. */
    private static final int JVM_OUT_OF_MEMORY_EXIT = 3;

    /** The worker died or was killed while serving a request. */
    static final class WorkerGone extends Exception {
        final boolean outOfMemory;

        WorkerGone(String message, boolean outOfMemory) {
            super(message);
            this.outOfMemory = outOfMemory;
        }
    }

    private final int number;
    private final LongConsumer built;
    private final Process process;
    private final HostCalls host;
    private final java.util.concurrent.Executor bridgeThreads;
    /** Whose execution runs now: bridge calls act on the caller the server knows, never on one the worker claims. */
    private volatile String currentOwner = "";
    /** The execution running now and its hooks: output frames of any other are stale and dropped. */
    private volatile long currentId;
    private volatile RunHooks currentHooks;
    private final FrameCodec codec;
    private final AtomicReference<CompletableFuture<WorkerMessages.Reply>> pending = new AtomicReference<>();
    private final AtomicReference<CompletableFuture<WorkerMessages.Reply>> pendingStart = new AtomicReference<>();
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private volatile boolean outOfMemoryLogged;
    private long nextId;

    private WorkerProcess(int number, Process process, HostCalls host, java.util.concurrent.Executor bridgeThreads,
            LongConsumer built) {
        this.number = number;
        this.built = built;
        this.process = process;
        this.host = host;
        this.bridgeThreads = bridgeThreads;
        this.codec = new FrameCodec(process.getInputStream(), process.getOutputStream());
        Thread.ofPlatform().daemon().name("sandbox-worker-" + number + "-reader").start(this::readReplies);
        Thread.ofPlatform().daemon().name("sandbox-worker-" + number + "-log").start(this::forwardLog);
    }

    /** Starts a worker; {@code built} hears how long each interpreter the worker builds took, in milliseconds. */
    static WorkerProcess start(int number, WorkerLauncher launcher, HostCalls host,
            java.util.concurrent.Executor bridgeThreads, LongConsumer built) throws IOException {
        return new WorkerProcess(number, launcher.processBuilder().start(), host, bridgeThreads, built);
    }

    int number() {
        return number;
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** Waits until the worker has built its engine and a warm interpreter. */
    void awaitReady(Duration timeout) throws WorkerGone {
        try {
            ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            kill();
            throw new WorkerGone("worker did not become ready within " + timeout.toSeconds() + " s", false);
        } catch (ExecutionException e) {
            kill();
            throw new WorkerGone("worker failed to start: " + e.getCause().getMessage(), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new WorkerGone("interrupted while starting a worker", false);
        }
    }

    /**
     * Sends one execution and waits for its result until {@code hardDeadline}; past it the worker
     * is killed. When the caller cancels, the worker is told to stop the guest and gets {@code cancelWait} to
     * answer before it is killed. Only one call at a time (the pool guarantees it).
     *
     * @throws WorkerGone       when the worker died, or was killed at the deadline
     * @throws TimeoutException when the deadline, or the wait after a cancellation, passed (the worker has been
     *                          killed)
     */
    WorkerMessages.Reply execute(ExecutionRequest request, java.util.List<SessionKey> drop, Duration startLimit,
            Duration hardDeadline, Duration cancelWait) throws WorkerGone, TimeoutException {
        CompletableFuture<WorkerMessages.Reply> started = new CompletableFuture<>();
        CompletableFuture<WorkerMessages.Reply> reply = new CompletableFuture<>();
        RunHooks hooks = request.hooks();
        pendingStart.set(started);
        pending.set(reply);
        long id = ++nextId;
        currentOwner = request.owner();
        currentId = id;
        currentHooks = hooks;
        try {
            codec.write(new WorkerMessages.ToWorker(new WorkerMessages.Execute(id, request.code(), request.stdin(),
                    request.timeout().toMillis(), request.session(), request.reuse(), drop, hooks.streams()),
                    null, null));
            // The deadline runs from the moment the guest starts, not from a wait for a fresh interpreter.
            started.get(startLimit.toMillis(), TimeUnit.MILLISECONDS);
            hooks.started();
            long deadline = System.nanoTime() + hardDeadline.toNanos();
            CompletableFuture.anyOf(reply, hooks.cancellation()).get(hardDeadline.toMillis(), TimeUnit.MILLISECONDS);
            if (!reply.isDone()) {
                codec.write(new WorkerMessages.ToWorker(null, null, new WorkerMessages.Cancel(id)));
                long left = Math.min(deadline - System.nanoTime(), cancelWait.toNanos());
                return reply.get(Math.max(0, left), TimeUnit.NANOSECONDS);
            }
            return reply.get();
        } catch (IOException | ExecutionException e) {
            throw gone();
        } catch (TimeoutException e) {
            kill();
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new WorkerGone("interrupted", false);
        } finally {
            currentHooks = null;
            pending.set(null);
            pendingStart.set(null);
        }
    }

    private WorkerGone gone() {
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        boolean oom = outOfMemoryLogged || (!process.isAlive() && process.exitValue() == JVM_OUT_OF_MEMORY_EXIT);
        kill();
        return new WorkerGone("worker exited" + (process.isAlive() ? "" : " with status " + process.exitValue()), oom);
    }

    /** Kills the worker and every process it may have started; returns at once. */
    void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Asks the worker to exit by closing its input, then kills it if it lingers. */
    void stop() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (IOException e) {
            kill();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
    }

    private void readReplies() {
        try {
            while (true) {
                WorkerMessages.FromWorker frame = codec.read(WorkerMessages.FromWorker.class);
                if (frame.bridgeCall() != null) {
                    answer(frame.bridgeCall(), currentOwner);
                    continue;
                }
                if (frame.output() != null) {
                    RunHooks hooks = currentHooks;
                    if (hooks != null && frame.output().id() == currentId && frame.output().data() != null) {
                        byte[] data = frame.output().data();
                        hooks.output(frame.output().stderr(), data, 0, data.length);
                    }
                    continue;
                }
                WorkerMessages.Reply reply = frame.reply();
                if (reply == null) {
                    throw new IOException("empty frame");
                }
                if (reply.built() != null) {
                    reply.built().forEach(built::accept);
                }
                if (reply.ready()) {
                    ready.complete(null);
                    continue;
                }
                if (reply.started()) {
                    CompletableFuture<WorkerMessages.Reply> starting = pendingStart.get();
                    if (starting != null) {
                        starting.complete(reply);
                    }
                    continue;
                }
                CompletableFuture<WorkerMessages.Reply> waiting = pending.get();
                if (waiting != null) {
                    waiting.complete(reply);
                }
            }
        } catch (IOException e) {
            IOException gone = new IOException("worker " + number + " closed its channel");
            ready.completeExceptionally(gone);
            for (AtomicReference<CompletableFuture<WorkerMessages.Reply>> ref : java.util.List.of(pendingStart, pending)) {
                CompletableFuture<WorkerMessages.Reply> waiting = ref.get();
                if (waiting != null) {
                    waiting.completeExceptionally(gone);
                }
            }
        }
    }

    /** Answers a guest's bridge call off the reader thread, so a slow service never blocks replies. */
    private void answer(WorkerMessages.BridgeCall call, String owner) {
        bridgeThreads.execute(() -> {
            String reply = host.call(owner, call.service(), call.method(), call.args());
            try {
                codec.write(new WorkerMessages.ToWorker(null, new WorkerMessages.BridgeReply(call.callId(), reply), null));
            } catch (IOException e) {
                // The worker is gone; its execution result reports that.
            }
        });
    }

    /** Forwards the worker's stderr (metadata-only logs and JVM messages) to the server log. */
    private void forwardLog() {
        try (BufferedReader lines = new BufferedReader(
                new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.contains("OutOfMemoryError")) {
                    outOfMemoryLogged = true;
                }
                LOG.log(Level.INFO, "worker-{0}: {1}", new Object[] {number,
                        line.length() > 500 ? line.substring(0, 500) + "..." : line});
            }
        } catch (IOException e) {
            // The worker is gone; nothing more to forward.
        }
    }
}
