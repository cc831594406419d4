package dev.codeexec.sandbox.worker;

import dev.codeexec.sandbox.ClasspathText;
import dev.codeexec.sandbox.FileTrees;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.engine.PythonInterpreter;
import dev.codeexec.sandbox.engine.SandboxContexts;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.graalvm.polyglot.PolyglotException;

/**
 * Warms a worker's compilers off the request path. A new worker JVM runs GraalPy's interpreter as
 * unoptimized Java for seconds (HotSpot compiles it as it goes), so a caller's first data work runs about three
 * times slower than its third. The compiled code belongs to the JVM and the engine, not to a context, so running
 * trusted, representative work ({@code worker/warmup.py}) in a throwaway interpreter speeds up every later caller
 * without sharing any state with them.
 *
 * <p>That interpreter trusts nothing a caller could have touched: its root is an empty scratch directory of its
 * own (no workspace, so no caller's module can shadow what the script imports), and its bridge refuses every call.
 * Rounds run one at a time, only while the worker is idle, and never beside an execution: {@link #pause} stops a
 * round in progress and holds off the next until {@link #resume}, which may come from another thread (the worker
 * pauses when its first concurrent execution starts and resumes when its last one ends).
 */
final class WorkerWarmup {

    private static final Logger LOG = Logger.getLogger(WorkerWarmup.class.getName());
    private static final String SCRIPT = "worker/warmup.py";
    /** How often an idle check is repeated while the worker is busy. */
    private static final long BUSY_POLL_MS = 50;

    private final SandboxContexts contexts;
    private final int rounds;
    private final BooleanSupplier idle;
    /** Where each run makes its scratch directory, and removes it when it ends. */
    private final Path temp;
    private final String source;
    /**
     * Held by a round while it runs, and between {@link #pause} and {@link #resume} while executions run: a permit,
     * not a lock, since the thread that resumes need not be the one that paused.
     */
    private final Semaphore turn = new Semaphore(1);
    /** An execution wants the worker: no round may start, and one running is stopped. */
    private volatile boolean paused;
    /** The interpreter while a round runs in it, so {@link #pause} can stop it. */
    private volatile PythonInterpreter running;

    WorkerWarmup(SandboxContexts contexts, int rounds, BooleanSupplier idle) {
        this(contexts, rounds, idle, Path.of(System.getProperty("java.io.tmpdir")));
    }

    WorkerWarmup(SandboxContexts contexts, int rounds, BooleanSupplier idle, Path temp) {
        this.contexts = contexts;
        this.rounds = rounds;
        this.idle = idle;
        this.temp = temp;
        this.source = rounds > 0 ? ClasspathText.read(SCRIPT) : "";
    }

    /** Runs every round in the background, each once the worker is idle. */
    void startInBackground() {
        if (rounds > 0) {
            Thread.ofPlatform().daemon().priority(Thread.MIN_PRIORITY).name("worker-warmup").start(this::run);
        }
    }

    /**
     * Called before an execution: stops a round in progress (closing its interpreter, which cancels the guest) and
     * returns once none runs; no round starts until {@link #resume}. Calls alternate: pause, resume, pause, ...
     */
    void pause() {
        paused = true;
        PythonInterpreter round = running;
        if (round != null) {
            round.close();
        }
        turn.acquireUninterruptibly();
    }

    /** The executions are over: rounds may run again once the worker is idle. */
    void resume() {
        paused = false;
        turn.release();
    }

    /** Runs every round, each once the worker is idle; returns how many completed. */
    int run() {
        if (rounds <= 0) {
            return 0;
        }
        long start = System.nanoTime();
        int done = 0;
        Path scratch = scratchRoot(temp);
        PythonInterpreter interpreter = null;
        try {
            while (done < rounds) {
                while (!idle.getAsBoolean()) {
                    Thread.sleep(BUSY_POLL_MS);
                }
                if (interpreter == null) {
                    interpreter = contexts.newInterpreter(new WorkspaceRoot(scratch), HostCalls.REFUSE_ALL);
                }
                Boolean completed = round(interpreter);
                if (completed == null) {
                    // Stopped for an execution: its interpreter is closed; the next round gets a new one.
                    interpreter = null;
                } else if (completed) {
                    done++;
                } else {
                    return done;
                }
            }
        } catch (ExecutionException | RuntimeException e) {
            // Warm-up is an optimization: a worker that cannot run it still serves, only slower at first.
            LOG.log(Level.WARNING, "worker warm-up stopped: {0}", String.valueOf(e));
            return done;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return done;
        } finally {
            if (interpreter != null) {
                interpreter.close();
            }
            // Without the OS sandbox's private /tmp, every worker start would leave one behind on the host.
            deleteScratch(scratch);
        }
        LOG.log(Level.INFO, "worker warm-up: {0} rounds in {1} ms",
                new Object[] {done, (System.nanoTime() - start) / 1_000_000});
        return done;
    }

    /** One round unless an execution wants the worker: true when it completed, null when it was stopped or skipped. */
    private Boolean round(PythonInterpreter interpreter) throws ExecutionException, InterruptedException {
        turn.acquire();
        try {
            // Published before checking paused, as pause sets paused before reading it: one of the two always sees
            // the other, so a round never starts beside an execution unnoticed.
            running = interpreter;
            if (paused) {
                // Perhaps already closed by pause; either way the next round builds a new one.
                interpreter.close();
                return null;
            }
            PythonInterpreter.Finish finish = interpreter.start(source, new byte[0], "",
                    OutputStream.nullOutputStream(), OutputStream.nullOutputStream(), false, true).get();
            if (finish.exitCode() != 0) {
                LOG.log(Level.WARNING, "worker warm-up round failed with exit status {0}; stopping it",
                        finish.exitCode());
                return false;
            }
            return true;
        } catch (ExecutionException | RuntimeException e) {
            if (paused || e.getCause() instanceof PolyglotException p && p.isCancelled()) {
                return null;
            }
            throw e;
        } finally {
            running = null;
            turn.release();
        }
    }

    /** An empty directory of the worker's own (in the private /tmp under the OS sandbox), readable by it alone. */
    private static Path scratchRoot(Path temp) {
        try {
            return Files.createTempDirectory(temp, "codeexec-warmup-").toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the warm-up's scratch directory", e);
        }
    }

    /** The script writes nothing, so the directory is empty unless GraalPy left something: that goes too. */
    private static void deleteScratch(Path scratch) {
        try {
            FileTrees.delete(scratch);
        } catch (IOException | UncheckedIOException e) {
            LOG.log(Level.WARNING, "warm-up scratch directory not removed: {0}", String.valueOf(e));
        }
    }
}
