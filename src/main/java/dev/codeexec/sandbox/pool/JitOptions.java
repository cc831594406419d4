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
 * JVM options that give worker processes Truffle's optimizing compiler on a stock JDK: JVMCI
 * enabled and the Graal compiler jars (copied by the build to {@code target/graal-jit}) on the
 * upgrade module path. Without them GraalPy runs interpreter-only.
 *
 * <p>{@code auto} stays interpreter-only below {@link #AUTO_MIN_CORES} cores: on two cores the Graal compiler,
 * itself Java code that HotSpot compiles first, took 0.1-80 s per compilation while sharing the cores with the
 * guest, and runs with it were slower than the interpreter (docs/benchmarks.md).
 */
final class JitOptions {

    /** Where the build puts the compiler jars, relative to the working directory. */
    static final Path JARS = Path.of("target", "graal-jit");

    /** Interpreter-only GraalPy; the JVM keeps C2, which makes context creation markedly faster than C1 alone. */
    private static final List<String> INTERPRETER = List.of("-Dpolyglot.engine.WarnInterpreterOnly=false");

    /** Cores from which {@code auto} turns the compiler on; measured to lose on 2, not measured above. */
    static final int AUTO_MIN_CORES = 4;

    private JitOptions() {
    }

    static List<String> forWorker(SandboxSettings.Jit jit, int cores) {
        if (jit == SandboxSettings.Jit.OFF || (jit == SandboxSettings.Jit.AUTO && cores < AUTO_MIN_CORES)) {
            return INTERPRETER;
        }
        String jars = jars();
        // Look in the system image: the module is present but not resolved in this JVM unless asked for.
        boolean jvmci = java.lang.module.ModuleFinder.ofSystem().find("jdk.internal.vm.ci").isPresent();
        if (jars.isEmpty() || !jvmci) {
            if (jit == SandboxSettings.Jit.ON) {
                throw new IllegalStateException("sandbox.jit=on but " + (jvmci ? "no compiler jars in " + JARS
                        : "this JDK has no JVMCI module"));
            }
            return INTERPRETER;
        }
        return List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--upgrade-module-path=" + jars);
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
