package dev.codeexec.sandbox.engine;

import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.ThreadFactory;
import java.util.function.Function;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/**
 * One live, confined interpreter with a thread of its own. The context is built, warmed and run on
 * that one thread: GraalPy reports {@code os._exit(n)} as a plain exit only on the thread that
 * first entered the context (elsewhere it surfaces as ThreadDeath), and a dedicated thread with a
 * deep stack is also what deep recursion needs.
 */
public final class PythonInterpreter implements AutoCloseable {

    /** About 18,900 nested Python calls in an interpreted frame; GuestDriver's RecursionError note says so. */
    private static final long STACK_BYTES = 64L << 20;
    /** Numbered daemon threads with the deep stack guest recursion needs; the factory is thread-safe. */
    private static final ThreadFactory THREADS = Thread.ofPlatform().daemon().name("sandbox-interpreter-", 1)
            .stackSize(STACK_BYTES).factory();

    /** The parts a factory builds on the interpreter's thread. */
    /**
     * @param files  the context's file system, through which the host spills the run's output
     * @param intake what the current run takes in and touches
     */
    record Parts(Context context, Value run, ConfinedFileSystem files, RunIntake intake) {
    }

    private final long id;
    private final ExecutorService thread;
    private final Context context;
    private final Value run;
    private final ConfinedFileSystem files;
    private final RunIntake intake;
    private final RedirectableOutput out;
    private final RedirectableOutput err;
    private final RedirectableInput in;
    private final java.util.concurrent.atomic.AtomicReference<String> owner;

    private PythonInterpreter(long id, ExecutorService thread, Parts parts, RedirectableOutput out, RedirectableOutput err,
            RedirectableInput in, java.util.concurrent.atomic.AtomicReference<String> owner) {
        this.id = id;
        this.thread = thread;
        this.context = parts.context();
        this.run = parts.run();
        this.files = parts.files();
        this.intake = parts.intake();
        this.out = out;
        this.err = err;
        this.in = in;
        this.owner = owner;
    }

    /** Starts a thread and builds the interpreter on it with the given streams. */
    static PythonInterpreter start(long id, RedirectableOutput out, RedirectableOutput err, RedirectableInput in,
            java.util.concurrent.atomic.AtomicReference<String> owner, Function<Void, Parts> factory) {
        ExecutorService thread = Executors.newSingleThreadExecutor(THREADS);
        try {
            Parts parts = thread.submit(() -> factory.apply(null)).get();
            return new PythonInterpreter(id, thread, parts, out, err, in, owner);
        } catch (ExecutionException e) {
            thread.shutdownNow();
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            thread.shutdownNow();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while building an interpreter", e);
        }
    }

    /** Its number among the interpreters of its {@link SandboxContexts}; bridge calls it makes carry it. */
    public long id() {
        return id;
    }

    /**
     * How a run ended inside the interpreter: its exit status, whether the interpreter should not serve again, and
     * the simple class names of the Java exceptions behind its uncaught error (comma-separated, empty for none): the
     * interpreter's internal errors, which go to the log and never to the caller; and how many of its threads were
     * still alive when it ended (daemon threads, or threads the guest could not join), which only closing the
     * interpreter stops.
     */
    public record Finish(int exitCode, boolean recycle, String internalErrors, int threadsLeft) {
    }

    /**
     * Starts caller code on the interpreter's thread; with {@code freshStart} the driver first resets what
     * earlier runs of the same caller changed (see {@link GuestDriver}). The future yields how the run
     * finished, or fails with a {@link PolyglotException} when the guest called {@code os._exit}, was
     * cancelled, or the host refused it something. Without {@code keepFiles} (no session will run here again with
     * this state) the files the run left open are closed when it ends.
     */
    public CompletableFuture<Finish> start(String code, byte[] stdin, String caller, OutputStream stdout,
            OutputStream stderr, boolean freshStart, boolean keepFiles) {
        // A CompletableFuture, so a caller can wait for the run or a cancellation, whichever comes first.
        CompletableFuture<Finish> finished = new CompletableFuture<>();
        thread.execute(() -> {
            try {
                finished.complete(runGuest(code, stdin, caller, stdout, stderr, freshStart, keepFiles));
            } catch (Throwable t) {
                finished.completeExceptionally(t);
            }
        });
        return finished;
    }

    private Finish runGuest(String code, byte[] stdin, String caller, OutputStream stdout, OutputStream stderr,
            boolean freshStart, boolean keepFiles) {
        owner.set(caller);
        in.feed(stdin);
        out.redirectTo(stdout);
        err.redirectTo(stderr);
        try {
            Value finish = run.execute(code, freshStart, keepFiles, stdin.length > 0);
            return new Finish(finish.getArrayElement(0).asInt(), finish.getArrayElement(1).asBoolean(),
                    finish.getArrayElement(2).asString(), finish.getArrayElement(3).asInt());
        } finally {
            files.sendSettlements();
            out.redirectTo(OutputStream.nullOutputStream());
            err.redirectTo(OutputStream.nullOutputStream());
            in.feed(new byte[0]);
        }
    }

    ConfinedFileSystem files() {
        return files;
    }

    RunIntake intake() {
        return intake;
    }

    /** Stops guest code without closing the context, so a persistent session can go on. */
    void interrupt(Duration grace) throws TimeoutException {
        // Each thread the run started ends with Truffle's InterruptExecution, which its polyglot thread prints to the
        // context's err: the stopped run's stderr got one Java class name per thread. What the run wrote stays in
        // sys.stderr's buffer for the empty run that follows (TimedRunner.finish), which points err back at the run.
        err.redirectTo(OutputStream.nullOutputStream());
        context.interrupt(grace);
    }

    /** Cancels running guest code (the guest cannot catch it) and releases the context and its thread. */
    @Override
    public void close() {
        try {
            context.close(true);
        } catch (IllegalStateException | PolyglotException e) {
            // Already closed, or its thread is stuck in a builtin; the thread ends when the builtin returns.
        } finally {
            // Settles what the guest's file system left open.
            files.closeChannels();
            thread.shutdown();
        }
    }
}
