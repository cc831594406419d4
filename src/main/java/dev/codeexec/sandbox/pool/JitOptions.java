package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * JVM options that give worker processes Truffle's optimizing compiler: on a GraalVM JDK its native compiler
 * (libgraal), which needs no options; on a stock JDK, JVMCI enabled and the Graal compiler jars (copied by the build
 * to {@code target/graal-jit}): on the module path when the JDK's image has no {@code jdk.graal.compiler} module (the
 * {@link WorkerImage}), else on the upgrade module path, where they replace the image's placeholder but turn the
 * ahead-of-time cache off. Without them GraalPy runs interpreter-only.
 *
 * <p>{@code auto} on a stock JDK stays interpreter-only below {@link #AUTO_MIN_CORES} cores: there the Graal compiler,
 * itself Java code that HotSpot compiles first, took 0.1-80 s per compilation while sharing the cores with the
 * guest, and runs with it were slower than the interpreter (docs/benchmarks.md). libgraal is compiled ahead of time,
 * which removes that cost, so {@code auto} turns the compiler on with it.
 */
public final class JitOptions {

    /** Where the build puts the compiler jars, relative to the working directory. */
    static final Path JARS = Path.of("target", "graal-jit");

    /** Interpreter-only GraalPy; the JVM keeps C2, which makes context creation markedly faster than C1 alone. */
    private static final List<String> INTERPRETER = List.of("-Dpolyglot.engine.WarnInterpreterOnly=false");

    /** Cores from which {@code auto} turns the compiler on with a stock JDK; measured to lose on 2, not measured above. */
    static final int AUTO_MIN_CORES = 4;

    /** Which compiler workers get, as reported in stats. */
    public enum Compiler {
        NONE("off"), GRAAL_JARS("graal-jars"), LIBGRAAL("libgraal");

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
     * @param keepsAotCache whether the JVM still maps an ahead-of-time cache with these options
     */
    public record Choice(Compiler compiler, List<String> options, boolean keepsAotCache) {
    }

    private JitOptions() {
    }

    static Choice forWorker(SandboxSettings.Jit jit, int cores, WorkerJdk jdk) {
        if (jit == SandboxSettings.Jit.OFF) {
            return new Choice(Compiler.NONE, INTERPRETER, true);
        }
        if (jdk.libgraal()) {
            // GraalVM JDKs enable JVMCI and use libgraal for Truffle by default.
            return new Choice(Compiler.LIBGRAAL, List.of(), true);
        }
        if (jit == SandboxSettings.Jit.AUTO && cores < AUTO_MIN_CORES) {
            return new Choice(Compiler.NONE, INTERPRETER, true);
        }
        String jars = jars();
        if (jars.isEmpty() || !jdk.jvmci()) {
            if (jit == SandboxSettings.Jit.ON) {
                throw new IllegalStateException("sandbox.jit=on but " + (jdk.jvmci() ? "no compiler jars in " + JARS
                        : "the workers' JDK (" + jdk.home() + ") has no JVMCI module"));
            }
            return new Choice(Compiler.NONE, INTERPRETER, true);
        }
        if (!jdk.graalModule()) {
            return new Choice(Compiler.GRAAL_JARS, List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI",
                    "--module-path=" + jars, "--add-modules=" + WorkerJdk.GRAAL_MODULE), true);
        }
        return new Choice(Compiler.GRAAL_JARS,
                List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--upgrade-module-path=" + jars), false);
    }
    private static String jars() {
        if (!Files.isDirectory(JARS)) {
            return "";
        }
        try (Stream<Path> files = Files.list(JARS)) {
            List<String> jars = files.filter(p -> p.toString().endsWith(".jar")).map(p -> p.toAbsolutePath().toString())
                    .sorted().toList();
            return jars.size() == 4 ? String.join(File.pathSeparator, jars) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
