package dev.codeexec.sandbox.pool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The JDK worker JVMs run on: the server's own, or the one {@code sandbox.worker.java-home} names (a GraalVM JDK,
 * whose native Graal compiler, libgraal, compiles guest code without first being compiled itself). Read from the
 * JDK's {@code release} file, so choosing one costs no process start.
 *
 * @param feature  the Java feature release (25 for 25.0.3)
 * @param jvmci    whether the JDK has the JVMCI module a Graal compiler plugs into
 * @param libgraal whether it ships libgraal ({@code lib/libjvmcicompiler.so}), as GraalVM JDKs do
 * @param graalModule whether its image holds a {@code jdk.graal.compiler} module (stock JDKs 25+ hold an empty
 *                 placeholder), which the compiler jars can then only replace from the upgrade module path
 */
public record WorkerJdk(Path home, String version, int feature, String vendor, boolean jvmci, boolean libgraal,
        boolean graalModule) {

    static final String GRAAL_MODULE = "jdk.graal.compiler";

    private static final String SETTING = "sandbox.worker.java-home";

    /** The configured JDK, else the one running the server. */
    static WorkerJdk of(Optional<Path> javaHome) {
        return javaHome.map(WorkerJdk::at).orElseGet(WorkerJdk::running);
    }

    /** The JDK running this JVM. */
    static WorkerJdk running() {
        Path home = Path.of(System.getProperty("java.home"));
        Map<String, String> release = release(home).orElse(Map.of());
        java.lang.module.ModuleFinder system = java.lang.module.ModuleFinder.ofSystem();
        return new WorkerJdk(home, Runtime.version().toString(), Runtime.version().feature(),
                release.getOrDefault("IMPLEMENTOR", System.getProperty("java.vendor", "unknown")),
                system.find("jdk.internal.vm.ci").isPresent(), hasLibgraal(home), system.find(GRAAL_MODULE).isPresent());
    }

    /** The JDK installed at {@code home}; refused with the setting's name when it is not one. */
    static WorkerJdk at(Path home) {
        if (!Files.isExecutable(home.resolve("bin/java"))) {
            throw new IllegalArgumentException(SETTING + " must name a JDK directory with bin/java; " + home
                    + " has none");
        }
        Map<String, String> release = release(home).orElseThrow(() -> new IllegalArgumentException(
                SETTING + " must name a JDK directory with a release file; " + home + " has none"));
        String version = release.getOrDefault("JAVA_VERSION", "");
        int feature = feature(version);
        if (feature < 21) {
            throw new IllegalArgumentException(SETTING + " must name a JDK 21 or newer; " + home + " is '" + version
                    + "'");
        }
        List<String> modules = modules(release);
        return new WorkerJdk(home, version, feature, release.getOrDefault("IMPLEMENTOR", "unknown"),
                modules.contains("jdk.internal.vm.ci"), hasLibgraal(home), modules.contains(GRAAL_MODULE));
    }

    /** The modules of the JDK's image, as its release file lists them. */
    List<String> modules() {
        return release(home).map(WorkerJdk::modules).orElse(List.of());
    }

    private static List<String> modules(Map<String, String> release) {
        return Arrays.asList(release.getOrDefault("MODULES", "").split(" "));
    }

    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    /** For stats and the start-up line: "25.0.3, Eclipse Adoptium". */
    public String label() {
        return version + ", " + vendor;
    }

    private static boolean hasLibgraal(Path home) {
        return Files.isRegularFile(home.resolve("lib").resolve("libjvmcicompiler.so"));
    }

    private static int feature(String version) {
        String first = version.split("[.+-]", 2)[0];
        try {
            return Integer.parseInt(first);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The release file's KEY="value" lines. */
    private static Optional<Map<String, String>> release(Path home) {
        Path file = home.resolve("release");
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            Map<String, String> values = new HashMap<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    String value = line.substring(eq + 1).trim();
                    if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                        value = value.substring(1, value.length() - 1);
                    }
                    values.put(line.substring(0, eq).trim(), value);
                }
            }
            return Optional.of(values);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
