package dev.codeexec.sandbox.pool;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The JDK worker JVMs run on: the server's own, or the one {@code sandbox.worker.java-home} names (a GraalVM JDK,
 * whose native Graal compiler, libgraal, compiles guest code without first being compiled itself). Read from the
 * JDK's {@code release} file, so choosing one costs no process start.
 *
 * @param feature  the Java feature release (25 for 25.0.3)
 * @param libgraal whether it ships libgraal ({@code lib/libjvmcicompiler.so}), as GraalVM JDKs do
 */
public record WorkerJdk(Path home, String version, int feature, String vendor, boolean libgraal) {

    private static final String SETTING = "sandbox.worker.java-home";

    /** The configured JDK, else the one running the server. */
    static WorkerJdk of(Optional<Path> javaHome) {
        return javaHome.map(WorkerJdk::at).orElseGet(WorkerJdk::running);
    }

    /** The JDK running this JVM. */
    static WorkerJdk running() {
        Path home = Path.of(System.getProperty("java.home"));
        Map<String, String> release = release(home).orElse(Map.of());
        return new WorkerJdk(home, Runtime.version().toString(), Runtime.version().feature(),
                release.getOrDefault("IMPLEMENTOR", System.getProperty("java.vendor", "unknown")), hasLibgraal(home));
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
        return new WorkerJdk(home, version, feature, release.getOrDefault("IMPLEMENTOR", "unknown"), hasLibgraal(home));
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
