package dev.codeexec.sandbox.engine;

import dev.codeexec.sandbox.ContextBytes;
import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.OutputPlan;
import dev.codeexec.sandbox.ProducedFile;
import dev.codeexec.sandbox.RunReport;
import dev.codeexec.sandbox.Utf8;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.RunHooks;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.graalvm.polyglot.PolyglotException;

/**
 * Runs caller code in an interpreter under a wall-clock deadline and turns whatever happens into an
 * {@link ExecutionResult}. Guest code runs on its interpreter's own thread, so the deadline holds even
 * when cancellation cannot reach the guest: the result still comes back on time and the thread is
 * reported as stuck; only a worker process can be killed to reclaim it.
 */
final class TimedRunner implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(TimedRunner.class.getName());

    /** What a run did to its interpreter: whether it can be used again, and whether a thread is stuck in it. */
    record Outcome(ExecutionResult result, boolean interpreterAlive, boolean threadStuck, boolean recycle) {
    }

    /** Closing a context waits for its guest to stop, so it happens off the caller's thread. */
    private final ExecutorService cancellers = Executors.newCachedThreadPool(Thread.ofPlatform().daemon().name("sandbox-canceller").factory());
    private final Duration cancelGrace;

    TimedRunner(Duration cancelGrace) {
        this.cancelGrace = cancelGrace;
    }

    /**
     * @param keepAlive true for a persistent session: on timeout try to interrupt and keep the
     *                  interpreter's state; otherwise cancel it outright
     */
    Outcome run(PythonInterpreter interpreter, ExecutionRequest request, OutputPlan output, boolean keepAlive) {
        return run(interpreter, request, output, keepAlive, false);
    }

    /** @param freshStart reset what earlier runs of the caller left in the interpreter (a warm interpreter) */
    Outcome run(PythonInterpreter interpreter, ExecutionRequest request, OutputPlan output, boolean keepAlive,
            boolean freshStart) {
        long start = System.nanoTime();
        RunHooks hooks = request.hooks();
        interpreter.intake().begin();
        BoundedOutput out = new BoundedOutput(output.inlineBytes(), spill(interpreter, output, false),
                hooks.streams() ? (b, off, len) -> hooks.output(false, b, off, len) : null);
        BoundedOutput err = new BoundedOutput(output.inlineBytes(), spill(interpreter, output, true),
                hooks.streams() ? (b, off, len) -> hooks.output(true, b, off, len) : null);
        byte[] stdin = SandboxContexts.utf8(request.stdin());
        CompletableFuture<PythonInterpreter.Finish> running = interpreter.start(request.code(), stdin,
                request.owner(), out, err, freshStart, request.reuse() == ExecutionRequest.Reuse.SESSION);
        int exit;
        boolean recycle = false;
        boolean alive = true;
        boolean timedOut = false;
        boolean stuck = false;
        try {
            awaitRunOrCancel(running, hooks, request.timeout());
            if (!running.isDone()) {
                // Cancelled by the caller: stopped the way a timeout stops it, but reported as cancelled.
                exit = ExecutionResult.EXIT_CANCELLED;
                Stop stop = stop(interpreter, request.owner(), running, out, err, keepAlive);
                alive = stop.alive();
                stuck = stop.stuck();
                err.note("\nCancelled: the caller cancelled this execution\n");
            } else {
                PythonInterpreter.Finish finish = running.get();
                exit = finish.exitCode();
                recycle = finish.recycle();
                logInternalErrors(finish.internalErrors());
                if (finish.threadsLeft() > 0) {
                    // No thread outlives its run: closing the interpreter cancels them all.
                    alive = false;
                    if (keepAlive) {
                        err.note("\nnote: " + finish.threadsLeft() + " thread(s) were still running when the run ended;"
                                + " they were stopped, and the session's interpreter with them\n");
                    }
                }
            }
        } catch (TimeoutException e) {
            timedOut = true;
            exit = ExecutionResult.EXIT_TIMEOUT;
            Stop stop = stop(interpreter, request.owner(), running, out, err, keepAlive);
            alive = stop.alive();
            stuck = stop.stuck();
            // Rounded up: a session's run has its timeout less the wait for the session, 2.995 s of a 3 s timeout
            // after a short wait, which toSeconds() reported as 2 s (and 0 s for timeout_s=1).
            long seconds = (request.timeout().toMillis() + 999) / 1000;
            err.note("\nTimeoutError: execution stopped after its timeout of " + seconds + " s (timeout_s)\n");
        } catch (ExecutionException e) {
            Failure failure = Failure.of(e.getCause());
            exit = failure.exitCode();
            // The failure unwound the driver past its own end, as a stop's interrupt does: what sys.stdout and
            // sys.stderr held is this run's, and came out at the start of the interpreter's next run (another caller's,
            // outside a session). The empty run writes it here, ahead of the note, and ends the run as the driver would.
            alive = failure.interpreterUsable() && finish(interpreter, request.owner(), out, err,
                    request.reuse() == ExecutionRequest.Reuse.SESSION);
            if (failure.message() != null) {
                err.note(failure.message());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancellers.execute(interpreter::close);
            exit = ExecutionResult.EXIT_KILLED;
            alive = false;
        }
        out.seal();
        err.seal();
        BoundedOutput.Captured stdout = out.capture();
        BoundedOutput.Captured stderr = err.capture();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        RunIntake.Taken taken = interpreter.intake().take();
        ContextBytes context = new ContextBytes(taken.toolBytes(), taken.fileBytes(), stdin.length,
                Utf8.length(stdout.text()) + Utf8.length(stderr.text()), stdout.spilledBytes() + stderr.spilledBytes());
        ExecutionResult result = new ExecutionResult(stdout.text(), stderr.text(), exit, millis,
                stdout.truncated() || stderr.truncated(), timedOut, stdout.file(), stderr.file(),
                report(ProducedFiles.of(interpreter.files().root(), taken), spills(stdout, stderr), context,
                        stdout.weight(), stderr.weight()));
        return new Outcome(result, alive && !stuck, stuck, recycle);
    }

    /** The guest names them; only names that look like Java class names are logged, never text it chose. */
    private static void logInternalErrors(String names) {
        for (String name : names.split(",")) {
            if (name.matches("[A-Za-z_][A-Za-z0-9_]{0,99}")) {
                LOG.log(Level.WARNING, "interpreter internal error: {0}", name);
            }
        }
    }

    private static RunReport report(ProducedFiles.Listed produced, java.util.List<ProducedFile> spills,
            ContextBytes context, long stdoutWeight, long stderrWeight) {
        return new RunReport(produced.files(), produced.more(), produced.atLeast(), spills, context, stdoutWeight,
                stderrWeight);
    }

    private static java.util.List<ProducedFile> spills(BoundedOutput.Captured... streams) {
        return java.util.Arrays.stream(streams).filter(c -> c.file() != null)
                .map(c -> new ProducedFile(c.file(), c.spilledBytes(), c.fileIsText() ? ProducedFile.TEXT
                        : ProducedFile.BINARY)).toList();
    }

    /** The stream's spill file, when the plan keeps output past the inline budget. */
    private static BoundedOutput.Spill spill(PythonInterpreter interpreter, OutputPlan output, boolean stderr) {
        return output.spillBytes() <= 0 ? null : new SpillFile(interpreter.files(), interpreter.files().root().path(),
                output.spillPath(stderr), output.spillBytes());
    }

    /** Returns when the run ends or its caller cancels it; throws TimeoutException at the deadline. */
    private static void awaitRunOrCancel(CompletableFuture<PythonInterpreter.Finish> running, RunHooks hooks,
            Duration timeout) throws TimeoutException, InterruptedException {
        try {
            CompletableFuture.anyOf(running, hooks.cancellation()).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            // The run failed: the caller reads why from the run itself.
        }
    }

    private record Stop(boolean alive, boolean stuck) {
    }

    /**
     * Stops a guest that is still running: the interrupt cancels it, as a killed process is stopped (its
     * {@code finally} blocks and {@code with} exits do not run; GraalPy has no KeyboardInterrupt to deliver). Then an
     * empty run ({@link #finish}) writes out what sys.stdout and sys.stderr still hold; a session's interpreter goes on
     * with its state, and any other's ends as a process does before the result is answered, and is closed. A guest the
     * interrupt cannot reach within the grace (stuck in a long builtin) is cancelled outright.
     */
    private Stop stop(PythonInterpreter interpreter, String owner, java.util.concurrent.Future<?> running,
            BoundedOutput out, BoundedOutput err, boolean keepAlive) {
        boolean interrupted = interrupt(interpreter);
        // A session whose empty run did not finish in time has its thread still busy: it is closed.
        boolean alive = interrupted && finish(interpreter, owner, out, err, keepAlive) && keepAlive;
        out.seal();
        err.seal();
        out.closeSpill();
        err.closeSpill();
        if (!alive) {
            // Settled now, while the worker still forwards this execution's calls: closed later, with the context,
            // the files' leases would wait for another interpreter's call to go (Settlements).
            interpreter.files().closeChannels();
            cancellers.execute(interpreter::close);
        }
        return new Stop(alive, !finishes(running));
    }

    /**
     * An empty run into the stopped run's streams, within the grace the interrupt had; true when it finished. The
     * interrupt cut the driver's own flush short, so what sys.stdout and sys.stderr held (a line not yet ended, up
     * to 8 KiB of print(end='')) was lost, or in a session came out at the start of its next run. Outside a session
     * it keeps no files: the driver's end of a process, its atexit handlers run and the files left open closed;
     * otherwise the handlers would run as the context closes, after the answer, and the files' bytes would not be in
     * the run's report.
     */
    private boolean finish(PythonInterpreter interpreter, String owner, OutputStream out, OutputStream err,
            boolean keepFiles) {
        return finishes(interpreter.start("", new byte[0], owner, out, err, false, keepFiles));
    }

    private boolean interrupt(PythonInterpreter interpreter) {
        try {
            interpreter.interrupt(cancelGrace);
            return true;
        } catch (TimeoutException | RuntimeException e) {
            return false;
        }
    }

    private boolean finishes(java.util.concurrent.Future<?> running) {
        try {
            running.get(cancelGrace.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            LOG.log(Level.WARNING, "guest thread did not stop within {0} ms of cancellation", cancelGrace.toMillis());
            return false;
        } catch (ExecutionException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** How a run that threw is reported: exit status, a note for stderr, and whether the interpreter survives. */
    private record Failure(int exitCode, String message, boolean interpreterUsable) {
        static final String OUT_OF_MEMORY = "\nMemoryError: the sandbox ran out of memory or stack\n";

        static Failure of(Throwable cause) {
            if (cause instanceof PolyglotException p) {
                if (p.isExit()) {
                    return new Failure(p.getExitStatus(), null, false);
                }
                if (p.isCancelled() || p.isInterrupted()) {
                    return new Failure(ExecutionResult.EXIT_TIMEOUT, "\nexecution was cancelled\n", false);
                }
                if (p.isResourceExhausted()) {
                    return new Failure(1, OUT_OF_MEMORY, false);
                }
                if (p.isGuestException() || p.isHostException()) {
                    // Python exceptions never get here (the driver catches them): a host refusal, or an internal
                    // error of the interpreter, which operators may want to report upstream (its class name only).
                    if (!HostRefusal.isRefusal(p.getMessage())) {
                        LOG.log(Level.WARNING, "interpreter internal error: {0}", HostRefusal.exceptionName(p.getMessage()));
                    }
                    return new Failure(1, HostRefusal.traceback(p), true);
                }
            }
            if (cause instanceof StackOverflowError || cause instanceof OutOfMemoryError) {
                return new Failure(1, OUT_OF_MEMORY, false);
            }
            LOG.log(Level.WARNING, "sandbox internal error: {0}", cause.getClass().getName());
            return new Failure(1, "\nSandboxError: the interpreter failed internally; the execution was abandoned\n", false);
        }
    }

    @Override
    public void close() {
        cancellers.shutdown();
    }
}
