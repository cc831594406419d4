package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The classpath of a worker JVM: the application's own classes and the libraries its sandbox side uses (GraalPy and
 * Truffle, Jackson for the protocol, JBoss logging), not the server's other 190-odd jars (Hibernate, H2, Netty,
 * Vert.x...). A worker never loads them, and a class or resource it looks up in vain would search every jar: a
 * worker without the ahead-of-time cache (a build's first start, the cache's recording, the tests) was ready in
 * 4.7-4.8 s instead of 5.1-5.2 s, using 6.6 instead of 7.0-7.2 CPU-seconds (docs/benchmarks.md, fifteenth session).
 */
final class WorkerClasspath {

    /** Written by the build (dependency:build-classpath) for runs from the source tree: tests and dev mode. */
    static final Path BUILD_CLASSPATH_FILE = Path.of("target", "worker-classpath.txt");
    static final Path BUILD_CLASSES = Path.of("target", "classes");
    /**
     * The build's jar of {@link #BUILD_CLASSES}: the JVM maps an ahead-of-time cache only for a classpath of jar files,
     * and with one a test worker was ready in 1.8 s instead of 4.0 s (docs/benchmarks.md, sixteenth session).
     */
    static final Path BUILD_APP_JAR = Path.of("target", "worker-app.jar");

    /**
     * Maven groupIds, or groupId:artifactId, of the libraries a worker uses. JBoss logging brings SmallRye Common, and
     * finds its configurator in Quarkus's bootstrap runner (without it, the log manager's defaults would apply).
     */
    static final List<String> LIBRARIES = List.of("org.graalvm", "com.fasterxml.jackson.core", "org.jboss.logmanager",
            "org.jboss.logging", "io.smallrye.common", "jakarta.annotation", "io.quarkus:quarkus-bootstrap-runner");

    private WorkerClasspath() {
    }

    /** Configured explicitly (taken as it is), else {@link #found()}. */
    static String of(SandboxSettings.Worker worker) {
        return worker.classpath().orElseGet(WorkerClasspath::found);
    }

    /**
     * The application and its worker's libraries among the jars of a packaged server ({@code quarkus-app/}), else
     * among the classpath the build wrote for the source tree.
     */
    static String found() {
        Optional<Path> app = packagedApp();
        if (app.isPresent()) {
            return packaged(app.get());
        }
        if (Files.isRegularFile(BUILD_CLASSPATH_FILE)) {
            try {
                List<String> entries = new ArrayList<>(
                        List.of(buildApplication(BUILD_CLASSES, BUILD_APP_JAR).toAbsolutePath().toString()));
                Arrays.stream(Files.readString(BUILD_CLASSPATH_FILE).trim().split(File.pathSeparator))
                        .filter(WorkerClasspath::isRepositoryLibrary).forEach(entries::add);
                return String.join(File.pathSeparator, entries);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("cannot determine the sandbox worker classpath: run the packaged server "
                + "(target/quarkus-app/quarkus-run.jar), build with mvn first, or set sandbox.worker.classpath");
    }

    /**
     * The build's jar of the application's classes ({@code jar}), unless a file in {@code classes} is newer (dev mode
     * compiles into the directory alone): then the directory, so a worker never runs older code than the server.
     */
    static Path buildApplication(Path classes, Path jar) {
        try {
            if (!Files.isRegularFile(jar)) {
                return classes;
            }
            FileTime built = Files.getLastModifiedTime(jar);
            try (Stream<Path> files = Files.walk(classes)) {
                return files.anyMatch(file -> modified(file).compareTo(built) > 0) ? classes : jar;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code quarkus-app} directory of the packaged server this JVM runs, if it runs one. */
    static Optional<Path> packagedApp() {
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            Path jar = Path.of(entry);
            if (jar.getFileName() != null && jar.getFileName().toString().equals("quarkus-run.jar")) {
                return Optional.of(jar.toAbsolutePath().getParent());
            }
        }
        return Optional.empty();
    }

    /**
     * What the build prepared for workers beside a packaged server's jars (scripts/record-server-aot): GraalPy's
     * resources ({@link PolyglotResources}) and the workers' ahead-of-time cache ({@link WorkerAotCache}).
     */
    static Optional<Path> builtCaches() {
        return packagedApp().map(app -> app.resolve("worker-cache"));
    }

    /** The worker's classpath in a packaged server's {@code quarkus-app} directory. */
    static String packaged(Path quarkusApp) {
        List<String> jars = new ArrayList<>(jarsIn(quarkusApp.resolve("app")));
        jarsIn(quarkusApp.resolve("lib/boot"), quarkusApp.resolve("lib/main")).stream()
                .filter(WorkerClasspath::isPackagedLibrary).forEach(jars::add);
        return String.join(File.pathSeparator, jars);
    }

    /** A jar of quarkus-app/lib, named {@code groupId.artifactId-version.jar}, of one of the {@link #LIBRARIES}. */
    static boolean isPackagedLibrary(String jar) {
        String name = Path.of(jar).getFileName().toString();
        return LIBRARIES.stream().anyMatch(library -> library.contains(":")
                ? isVersionOf(name, library.replace(':', '.') + "-")
                : name.startsWith(library + "."));
    }

    /** Whether {@code name} is {@code prefix} followed by a version, not by the rest of another artifact's name. */
    private static boolean isVersionOf(String name, String prefix) {
        return name.startsWith(prefix) && name.length() > prefix.length() && Character.isDigit(name.charAt(prefix.length()));
    }

    /** A jar of a Maven repository, under {@code groupId/as/path/artifactId/}, of one of the {@link #LIBRARIES}. */
    static boolean isRepositoryLibrary(String jar) {
        String path = jar.replace(File.separatorChar, '/');
        return LIBRARIES.stream().anyMatch(library -> path.contains("/" + library.replace('.', '/').replace(':', '/')
                + "/"));
    }

    private static List<String> jarsIn(Path... dirs) {
        List<String> jars = new ArrayList<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                files.filter(p -> p.toString().endsWith(".jar")).sorted().forEach(p -> jars.add(p.toString()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return jars;
    }
}
