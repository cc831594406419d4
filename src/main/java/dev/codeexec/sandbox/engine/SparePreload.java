package dev.codeexec.sandbox.engine;

import java.io.OutputStream;
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Readies a spare interpreter for the runs agents send first, before any caller has it: imports the modules they
 * import first and walks the paths of a failing run (the driver prints its traceback) and of {@code re.findall},
 * then resets the interpreter as before a caller's next run, so the caller finds a clean slate (see
 * {@link GuestDriver}) with those standard-library modules loaded. Measured in a fresh interpreter of a warm worker
 * (docs/benchmarks.md): the first run that raised cost 1.4-3.7 s, {@code import json} 1.6-1.9 s, {@code csv} 1.2-1.7 s,
 * {@code re} 1.1-1.2 s, {@code datetime} 0.4 s, {@code functools} 0.2-0.5 s, {@code collections} 0.1-0.3 s on a
 * loaded machine; {@code itertools}, {@code math} and {@code io} are built in or already loaded (under 40 ms), and
 * are imported for nothing. {@code statistics} (2.6-4.9 s, fractions, decimal and random with it) is left out: rare
 * in a first run, and the largest share of a spare's build and heap.
 */
final class SparePreload {

    /** The modules imported into every spare, in this order. */
    static final List<String> MODULES = List.of("json", "re", "traceback", "collections", "csv", "datetime",
            "functools", "itertools", "math", "io");

    /**
     * Imported on absolute paths alone (the standard library's, the packages'): a workspace file named like one of
     * them ({@code json.py}) must not run in an interpreter no caller holds yet. The reset restores {@code sys.path}.
     */
    private static final String SOURCE = "import sys, os\n"
            + "sys.path[:] = [p for p in sys.path if p and os.path.isabs(p)]\n"
            + "import " + String.join(", ", MODULES) + "\n"
            + "re.findall(r'[a-z]+', 'spare interpreter')\n"
            + "raise ValueError('spare interpreter')\n";
    private static final String RAISED = "ValueError: spare interpreter\n";

    /** Runs the preload and the reset on the interpreter's thread; fails when the interpreter cannot run them. */
    void prepare(PythonInterpreter interpreter) throws InterruptedException {
        try {
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            PythonInterpreter.Finish raised = interpreter.start(SOURCE, new byte[0], "", OutputStream.nullOutputStream(),
                    err, false, false).get();
            // Its own error, last: a module that failed to import would end the run earlier with another.
            if (raised.recycle() || !err.toString(java.nio.charset.StandardCharsets.UTF_8).endsWith(RAISED)) {
                throw new IllegalStateException("the spare preload did not end with its own error (exit status "
                        + raised.exitCode() + ")");
            }
            interpreter.start("", new byte[0], "", OutputStream.nullOutputStream(), OutputStream.nullOutputStream(),
                    true, false).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the spare preload failed: " + e.getCause(), e.getCause());
        }
    }
}
