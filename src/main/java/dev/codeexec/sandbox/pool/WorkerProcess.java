package dev.codeexec.sandbox.pool;


import dev.codeexec.StderrTail;
import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.SessionKey;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.protocol.FrameCodec;
import dev.codeexec.sandbox.protocol.FrameLimits;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import dev.codeexec.sandbox.worker.ThreadCeiling;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One sandbox worker JVM as the server sees it: start it, wait for it to be warm, send it executions (several may be
 * in flight at once, from different threads; every frame names its execution, and replies are routed by that id),
 * and kill it (with everything it started) when one of them overruns or it misbehaves. A kill stops every execution
 * in flight on it: the others fail with a {@link WorkerGone} that says so ({@link WorkerGone#sibling}).
 */
final class WorkerProcess {

    private static final Logger LOG = Logger.getLogger(WorkerProcess.class.getName());
    /** The JVM's status under -XX:+ExitOnOutOfMemoryError. */
    private static final int JVM_OUT_OF_MEMORY_EXIT = 3;
    /** How long a failed start waits for the worker to exit, and its report for the worker's stderr to end. */
    private static final Duration STDERR_WAIT = Duration.ofSeconds(2);

    /** The worker died or was killed while serving a request. */
    static final class WorkerGone extends Exception {
        final boolean outOfMemory;
        /**
         * The worker was killed for another execution in flight on it (which overran its deadline, or was cancelled
         * and did not stop), not for this one: this one's caller lost its run to a neighbour.
         */
        final boolean sibling;
        /** The worker stopped itself with more threads alive than it may have ({@link ThreadCeiling}). */
        final boolean tooManyThreads;

        WorkerGone(String message, boolean outOfMemory) {
            this(message, outOfMemory, false, false);
        }

        WorkerGone(String message, boolean outOfMemory, boolean sibling) {
            this(message, outOfMemory, sibling, false);
        }

        WorkerGone(String message, boolean outOfMemory, boolean sibling, boolean tooManyThreads) {
            super(message);
            this.outOfMemory = outOfMemory;
            this.sibling = sibling;
            this.tooManyThreads = tooManyThreads;
        }
    }

    /** The worker broke the channel's protocol and was killed; the message says how, in metadata only. */
    static final class ProtocolViolation extends IOException {
        ProtocolViolation(String message) {
            super(message);
        }
    }

    /**
     * An execution in flight on the worker: bridge calls naming it act for its owner, and only when made by its
     * interpreter. {@code owner} is the caller the server knows, never one the worker claims.
     */
    private record Running(long id, String owner, RunHooks hooks, RecordedOutput recorded,
            CompletableFuture<WorkerMessages.Reply> started, CompletableFuture<WorkerMessages.Reply> finished,
            AtomicLong interpreter) {
    }

    /** The server killed the worker for {@code execution}; {@code why} ends "another run on this worker ...". */
    private record Stop(long execution, String why) {
    }

    private final int number;
    private final LongConsumer built;
    private final Process process;
    private final HostCalls host;
    private final java.util.concurrent.Executor bridgeThreads;
    /** Hears of a worker killed for breaking the protocol while no execution ran on it, to replace it. */
    private final Consumer<WorkerProcess> brokeProtocolIdle;
    /** Hears how many bridge calls were refused: dropped here, or refused by the worker itself. */
    private final LongConsumer refusedCalls;
    /** This process, as bridge handlers see it: state its calls leave open ends with it. */
    private final String origin;
    private final FrameCodec codec;
    /** The executions in flight, by id: sent and not yet answered with a result. */
    private final Map<Long, Running> executions = new ConcurrentHashMap<>();
    /** Why the server killed the worker for one of its executions, once it has: the others report it. */
    private final AtomicReference<Stop> stoppedFor = new AtomicReference<>();
    /** Why the channel closed, once it has; an execution sent afterwards fails at once. */
    private volatile IOException channelClosed;
    /** Completed with the warm-up rounds the worker ran before it was ready. */
    private final CompletableFuture<Integer> ready = new CompletableFuture<>();
    private volatile boolean outOfMemoryLogged;
    /** The worker's last lines on stderr, for {@link #startFailure}. */
    private final StderrTail stderr = new StderrTail();
    /** Completed when the worker's stderr ends. */
    private final CompletableFuture<Void> stderrEnded = new CompletableFuture<>();
    /** Killed or stopped by the server: what it still sends while it dies is dropped, not judged. */
    private volatile boolean givenUp;
    private final AtomicLong nextId = new AtomicLong();
    /** Bridge calls dropped so far; touched by the reader thread only. */
    private long drops;

    /**
     * @param maxFrameBytes     the largest frame the worker may send ({@link FrameLimits#fromWorker})
     * @param brokeProtocolIdle told when the worker was killed for breaking the protocol with no execution in flight
     *                          (executions in flight fail with {@link WorkerGone} instead)
     */
    WorkerProcess(int number, Process process, HostCalls host, java.util.concurrent.Executor bridgeThreads,
            LongConsumer built, int maxFrameBytes, Consumer<WorkerProcess> brokeProtocolIdle, LongConsumer refusedCalls) {
        this.number = number;
        this.refusedCalls = refusedCalls;
        this.built = built;
        this.process = process;
        this.host = host;
        this.bridgeThreads = bridgeThreads;
        this.brokeProtocolIdle = brokeProtocolIdle;
        this.codec = new FrameCodec(process.getInputStream(), process.getOutputStream(), maxFrameBytes);
        this.origin = "worker-" + number + "-pid-" + process.pid();
        // Only once the process is really gone can nothing it opened still change the workspace.
        process.onExit().thenRun(() -> host.callerGone(origin));
        Thread.ofPlatform().daemon().name("sandbox-worker-" + number + "-reader").start(this::readReplies);
        Thread.ofPlatform().daemon().name("sandbox-worker-" + number + "-log").start(this::forwardLog);
    }

    /** Serves a launched worker; {@code built} hears how long each interpreter it builds took, in milliseconds. */
    static WorkerProcess start(int number, Process launched, HostCalls host,
            java.util.concurrent.Executor bridgeThreads, LongConsumer built, int maxFrameBytes,
            Consumer<WorkerProcess> brokeProtocolIdle, LongConsumer refusedCalls) {
        return new WorkerProcess(number, launched, host, bridgeThreads, built, maxFrameBytes,
                brokeProtocolIdle, refusedCalls);
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

    /**
     * Waits until the worker has built its engine and a warm interpreter, and returns how many warm-up rounds it
     * ran before that ({@link WorkerStart#WARM_FIRST}).
     */
    int awaitReady(Duration timeout) throws WorkerGone {
        try {
            return ready.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            kill();
            throw new WorkerGone("worker did not become ready within " + timeout.toSeconds() + " s", false);
        } catch (ExecutionException e) {
            // A JVM that refused its options is already exiting: it is let end by itself, having said why
            // (startFailure), before the next start is tried.
            try {
                process.waitFor(STDERR_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            kill();
            throw new WorkerGone("worker failed to start: " + e.getCause().getMessage(), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            throw new WorkerGone("interrupted while starting a worker", false);
        }
    }

    /**
     * What to do, once, when an execution has not answered {@code after} its start: the pool's early warning that its
     * guest is past its deadline and has not stopped when cancelled.
     */
    record Overrun(Duration after, Runnable action) {
    }

    /**
     * Sends one execution and waits for its result until {@code hardDeadline}; past it the worker
     * is killed. When the caller cancels, the worker is told to stop the guest and gets {@code cancelWait} to
     * answer before it is killed. Several calls may wait at once, from different threads, each for its own
     * execution; the pool bounds how many.
     *
     * @param overrun run on this thread if neither the result nor a cancellation has come by its time
     * @param recorded takes what a run that does not stream printed, as its worker records it
     * @throws WorkerGone       when the worker died, or was killed (for another execution in flight on it too: then
     *                          {@link WorkerGone#sibling} is set)
     * @throws TimeoutException when the deadline, or the wait after a cancellation, passed (the worker has been
     *                          killed)
     */
    WorkerMessages.Reply execute(ExecutionRequest request, java.util.List<SessionKey> drop, Duration startLimit,
            Duration hardDeadline, Duration cancelWait, Overrun overrun, RecordedOutput recorded)
            throws WorkerGone, TimeoutException {
        long id = nextId.incrementAndGet();
        RunHooks hooks = request.hooks();
        Running execution = new Running(id, request.owner(), hooks, recorded, new CompletableFuture<>(),
                new CompletableFuture<>(), new AtomicLong());
        executions.put(id, execution);
        try {
            IOException closed = channelClosed;
            if (closed != null) {
                // The reader stopped before this execution was registered, so nothing else will fail it.
                throw closed;
            }
            codec.write(new WorkerMessages.ToWorker(new WorkerMessages.Execute(id, request.code(), request.stdin(),
                    request.timeout().toMillis(), request.session(), request.reuse(), drop, hooks.streams(),
                    request.output()),
                    null, null));
            // The deadline runs from the moment the guest starts, not from a wait for a fresh interpreter.
            execution.started().get(startLimit.toMillis(), TimeUnit.MILLISECONDS);
            hooks.started();
            long deadline = System.nanoTime() + hardDeadline.toNanos();
            CompletableFuture<WorkerMessages.Reply> reply = execution.finished();
            CompletableFuture<Object> ended = CompletableFuture.anyOf(reply, hooks.cancellation());
            if (overrun.after().compareTo(hardDeadline) < 0) {
                try {
                    ended.get(overrun.after().toMillis(), TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    overrun.action().run();
                }
            }
            ended.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (!reply.isDone()) {
                codec.write(new WorkerMessages.ToWorker(null, null, new WorkerMessages.Cancel(id)));
                long left = Math.min(deadline - System.nanoTime(), cancelWait.toNanos());
                return reply.get(Math.max(0, left), TimeUnit.NANOSECONDS);
            }
            return reply.get();
        } catch (IOException | ExecutionException e) {
            throw gone(id);
        } catch (TimeoutException e) {
            killFor(id, !execution.started().isDone() ? "did not start in time"
                    : hooks.cancelRequested() ? "was cancelled and did not stop in time" : "overran its deadline");
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            killFor(id, "was abandoned by its caller");
            throw new WorkerGone("interrupted", false);
        } finally {
            executions.remove(id, execution);
        }
    }

    /** Executions in flight now: sent and not yet answered with a result. */
    int inFlight() {
        return executions.size();
    }

    /** Kills the worker for {@code execution}, recorded first so the others in flight can say why they failed. */
    private void killFor(long execution, String why) {
        stoppedFor.compareAndSet(null, new Stop(execution, why));
        kill();
    }

    private WorkerGone gone(long id) {
        if (channelClosed instanceof ProtocolViolation violation) {
            return new WorkerGone(violation.getMessage(), false);
        }
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Stop stop = stoppedFor.get();
        if (stop != null && stop.execution() != id) {
            kill();
            return new WorkerGone("another run on this worker " + stop.why() + ", so the worker was killed", false,
                    true);
        }
        boolean oom = outOfMemoryLogged || (!process.isAlive() && process.exitValue() == JVM_OUT_OF_MEMORY_EXIT);
        boolean threads = !process.isAlive() && process.exitValue() == ThreadCeiling.EXIT_STATUS;
        kill();
        return new WorkerGone("worker exited" + (process.isAlive() ? "" : " with status " + process.exitValue()), oom,
                false, threads);
    }

    /** Kills the worker and every process it may have started; returns at once. */
    void kill() {
        givenUp = true;
        destroyTree(process);
    }

    /** Kills {@code process} and every process it may have started (under an OS sandbox, the worker inside it). */
    static void destroyTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /** Asks the worker to exit by closing its input, then kills it if it lingers. */
    void stop() {
        givenUp = true;
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
                FrameCodec.Frame<WorkerMessages.FromWorker> frame = codec.readFrame(WorkerMessages.FromWorker.class);
                if (givenUp) {
                    continue;
                }
                if (frame.message().bridgeCall() != null) {
                    WorkerMessages.BridgeCall call = frame.message().bridgeCall();
                    // Answered for the execution it names, only when that execution's own interpreter made it.
                    Running execution = executions.get(call.execution());
                    if (execution != null && execution.interpreter().get() == call.interpreter()
                            && call.interpreter() != 0) {
                        answer(call, execution.owner());
                    } else {
                        dropped(call, execution, frame.bytes());
                    }
                    continue;
                }
                if (frame.message().output() != null) {
                    WorkerMessages.Output output = frame.message().output();
                    Running execution = inFlight(output.id(), "output", frame.bytes());
                    if (output.data() != null && execution.hooks().streams()) {
                        execution.hooks().output(output.stderr(), output.data(), 0, output.data().length);
                    }
                    if (output.data() != null) {
                        // Streamed too: a watched run whose worker dies answers with what it printed, not nothing.
                        execution.recorded().add(output.stderr(), output.data());
                    }
                    continue;
                }
                WorkerMessages.Reply reply = frame.message().reply();
                if (reply == null) {
                    throw violation("an empty frame (" + frame.bytes() + " bytes)");
                }
                if (reply.built() != null) {
                    reply.built().forEach(built::accept);
                }
                if (reply.ready()) {
                    if (!ready.complete(reply.warmedRounds())) {
                        throw violation("a second ready reply");
                    }
                    continue;
                }
                // An honest worker answers only executions it was sent, and each only while it runs.
                Running execution = inFlight(reply.id(), reply.started() ? "a start" : "a result", frame.bytes());
                if (reply.started()) {
                    execution.interpreter().set(reply.interpreter());
                    execution.started().complete(reply);
                    continue;
                }
                // Over from here on: a bridge call after the result would act for a caller who has left.
                executions.remove(reply.id(), execution);
                if (reply.refusedCalls() > 0) {
                    refusedCalls.accept(reply.refusedCalls());
                }
                execution.finished().complete(reply);
            }
        } catch (FrameCodec.FrameTooLarge e) {
            closeChannel(violation("a frame of " + e.length() + " bytes, over the limit of " + e.limit() + " bytes"));
        } catch (ProtocolViolation e) {
            closeChannel(e);
        } catch (IOException e) {
            closeChannel(new IOException("worker " + number + " closed its channel"));
        }
    }

    /**
     * A bridge call that did not come from the interpreter of the execution it names (that execution is not in
     * flight, or another interpreter made the call, perhaps one running another execution): never answered, counted,
     * and logged as metadata. It kills nothing: the worker refuses such calls itself, so one arriving here is a worker
     * out of step, and the callers in flight keep their worker.
     */
    private void dropped(WorkerMessages.BridgeCall call, Running execution, long bytes) {
        refusedCalls.accept(1);
        // The first and then every doubling: a worker out of step cannot flood the log.
        if (Long.bitCount(++drops) != 1) {
            return;
        }
        LOG.log(Level.WARNING, "sandbox worker {0} (pid {1}): dropped a bridge call ({2} bytes) from execution {3}, "
                + "interpreter {4}, while {5}", new Object[] {number, Long.toString(process.pid()), bytes,
                    call.execution(), call.interpreter(), execution == null
                        ? "it is not in flight (" + executions.size() + " are)"
                        : "it runs in interpreter " + execution.interpreter().get()});
    }

    /** The execution {@code id} in flight; a frame naming any other breaks the protocol. */
    private Running inFlight(long id, String what, long bytes) throws ProtocolViolation {
        Running execution = executions.get(id);
        if (execution != null) {
            return execution;
        }
        TreeSet<Long> ids = new TreeSet<>(executions.keySet());
        if (ids.isEmpty()) {
            throw violation(what + " (" + bytes + " bytes) with no execution running");
        }
        throw violation(what + " (" + bytes + " bytes) for execution " + id + " while "
                + String.join(", ", ids.stream().map(String::valueOf).toList()) + (ids.size() == 1 ? " runs" : " run"));
    }

    /** Kills the worker for breaking the protocol; logs metadata only (the frame's kind and size). */
    private ProtocolViolation violation(String what) {
        LOG.log(Level.WARNING, "sandbox worker {0} (pid {1}) broke the protocol: {2}; killing it",
                new Object[] {number, Long.toString(process.pid()), what});
        ProtocolViolation violation = new ProtocolViolation(
                "the sandbox worker was stopped for breaking the protocol: it sent " + what);
        // Recorded before the kill, so an execution that sees the worker die reports why.
        channelClosed = violation;
        kill();
        return violation;
    }

    /**
     * Fails whatever waits on the channel, every execution in flight; a worker killed for a violation with none in
     * flight is reported for replacement.
     */
    private void closeChannel(IOException why) {
        channelClosed = why;
        ready.completeExceptionally(why);
        boolean failedAny = false;
        for (Running execution : java.util.List.copyOf(executions.values())) {
            executions.remove(execution.id(), execution);
            execution.started().completeExceptionally(why);
            execution.finished().completeExceptionally(why);
            failedAny = true;
        }
        if (!failedAny && why instanceof ProtocolViolation) {
            brokeProtocolIdle.accept(this);
        }
    }

    /** Answers a guest's bridge call off the reader thread, so a slow service never blocks replies. */
    private void answer(WorkerMessages.BridgeCall call, String owner) {
        bridgeThreads.execute(() -> {
            String reply = host.call(owner, origin, call.service(), call.method(), call.args());
            try {
                codec.write(new WorkerMessages.ToWorker(null, new WorkerMessages.BridgeReply(call.callId(), reply), null));
            } catch (IOException e) {
                // The worker is gone; its execution result reports that.
            }
        });
    }

    /**
     * For the server log, once a start failed: the worker's last lines on stderr, and where its JVM options come from
     * when the JVM refused to start. Waits a moment for the lines. Never told to callers: the operator's options are
     * in them.
     */
    String startFailure() {
        try {
            stderrEnded.get(STDERR_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // Still writing, or not: what arrived is what there is.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String said = stderr.lastWords();
        boolean refusedOptions = said.contains("Could not create the Java Virtual Machine")
                || said.contains("VM option");
        return said + (refusedOptions ? "; the JVM did not start: check sandbox.worker.jvm-options" : "");
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
                stderr.heard(line);
            }
        } catch (IOException e) {
            // The worker is gone; nothing more to forward.
        } finally {
            stderrEnded.complete(null);
        }
    }
}
