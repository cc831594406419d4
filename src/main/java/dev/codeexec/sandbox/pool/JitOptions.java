package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;
import java.util.List;
import java.util.Optional;

/**
 * JVM options that give worker processes Truffle's optimizing compiler. Only a GraalVM JDK has one that fits
 * GraalPy 25.2: its native Graal compiler (libgraal), which needs no options. On a stock JDK workers run
 * interpreter-only: the Graal compiler jars are served only for other releases (25.0.x, 25.3.x), and each fails
 * there, at the JVMCI version check and, with the checks off, at an API or VM configuration mismatch
 * (docs/benchmarks.md).
 */
public final class JitOptions {

    /**
     * Interpreter-only GraalPy; the JVM keeps C2, which makes context creation markedly faster than C1 alone. Truffle's
     * attach library serves only the optimizing runtime, which a stock JDK cannot run here: without the second option
     * every worker start put nine lines of warning about it into the server's log.
     */
    private static final List<String> INTERPRETER = List.of("-Dpolyglot.engine.WarnInterpreterOnly=false",
            "-Dpolyglotimpl.AttachLibraryFailureAction=ignore");

    /** Which compiler workers get, as reported in stats. */
    public enum Compiler {
        NONE("off"), LIBGRAAL("libgraal");

        private final String label;

        Compiler(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /**
     * The compiler chosen for a worker and the JVM options that give it.
     *
     * @param notice what the operator should read at start-up when the setting could not be honoured
     */
    public record Choice(Compiler compiler, List<String> options, Optional<String> notice) {
    }

    private JitOptions() {
    }

    static Choice forWorker(SandboxSettings.Jit jit, WorkerJdk jdk) {
        if (jit == SandboxSettings.Jit.OFF) {
            return new Choice(Compiler.NONE, INTERPRETER, Optional.empty());
        }
        if (jdk.libgraal()) {
            // GraalVM JDKs enable JVMCI and use libgraal for Truffle by default.
            return new Choice(Compiler.LIBGRAAL, List.of(), Optional.empty());
        }
        Optional<String> notice = jit == SandboxSettings.Jit.ON
                ? Optional.of("sandbox.jit=on, but the workers' JDK (" + jdk.label() + " at " + jdk.home()
                        + ") has no native Graal compiler (lib/libjvmcicompiler.so), the only one that fits GraalPy 25.2: "
                        + "workers run interpreter-only. Set sandbox.worker.java-home to a GraalVM JDK 25 for the JIT.")
                : Optional.empty();
        return new Choice(Compiler.NONE, INTERPRETER, notice);
    }
}
