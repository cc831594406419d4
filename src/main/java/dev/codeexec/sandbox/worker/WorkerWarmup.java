package dev.codeexec.sandbox.worker;

import dev.codeexec.sandbox.ClasspathText;
import dev.codeexec.sandbox.engine.PythonInterpreter;
import dev.codeexec.sandbox.engine.SandboxContexts;
import java.io.OutputStream;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Warms a worker's compilers off the request path. A new worker JVM runs GraalPy's interpreter as
 * unoptimized Java for seconds (HotSpot compiles it as it goes, and with {@code sandbox.jit} on Truffle
 * compiles guest builtins with a Graal compiler that is itself still being compiled), so a caller's first
 * data work runs about three times slower than its third. The compiled code belongs to the JVM and the
 * engine, not to a context, so running trusted, representative work ({@code worker/warmup.py}) in a
 * throwaway interpreter speeds up every later caller without sharing any state with them. Rounds run one at
 * a time and only while the worker has nothing else to do.
 */
final class WorkerWarmup {

    private static final Logger LOG = Logger.getLogger(WorkerWarmup.class.getName());
    private static final String SCRIPT = "worker/warmup.py";
    /** How often an idle check is repeated while the worker is busy. */
    private static final long BUSY_POLL_MS = 50;

    private final SandboxContexts contexts;
    private final int rounds;
    private final BooleanSupplier idle;
    private final String source;

    WorkerWarmup(SandboxContexts contexts, int rounds, BooleanSupplier idle) {
        this.contexts = contexts;
        this.rounds = rounds;
        this.idle = idle;
        this.source = rounds > 0 ? ClasspathText.read(SCRIPT) : "";
    }

    /** Runs every round in the background, each once the worker is idle. */
    void startInBackground() {
        if (rounds > 0) {
            Thread.ofPlatform().daemon().priority(Thread.MIN_PRIORITY).name("worker-warmup").start(this::run);
        }
    }

    /** Runs every round, each once the worker is idle; returns how many completed. */
    int run() {
        if (rounds <= 0) {
            return 0;
        }
        long start = System.nanoTime();
        int done = 0;
        try (PythonInterpreter interpreter = contexts.newInterpreter(contexts.workspace())) {
            for (; done < rounds; done++) {
                while (!idle.getAsBoolean()) {
                    Thread.sleep(BUSY_POLL_MS);
                }
                PythonInterpreter.Finish finish = interpreter.start(source, new byte[0], "",
                        OutputStream.nullOutputStream(), OutputStream.nullOutputStream(), false, true).get();
                if (finish.exitCode() != 0) {
                    LOG.log(Level.WARNING, "worker warm-up round failed with exit status {0}; stopping it",
                            finish.exitCode());
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
        }
        LOG.log(Level.INFO, "worker warm-up: {0} rounds in {1} ms",
                new Object[] {done, (System.nanoTime() - start) / 1_000_000});
        return done;
    }
}
