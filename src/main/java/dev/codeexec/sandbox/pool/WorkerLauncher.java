package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.worker.SandboxWorkerMain;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Builds the command line of a worker JVM: its own heap limit, exit on heap exhaustion, an empty
 * environment (no host secrets can leak into it), and on Linux {@code prlimit} caps on open files
 * and file size as defence in depth beside the workspace checks; under an {@link OsSandbox}, all of it runs inside
 * that.
 */
public final class WorkerLauncher {

    /** Written by the build (dependency:build-classpath) for runs from the source tree: tests and dev mode. */
    static final Path BUILD_CLASSPATH_FILE = Path.of("target", "worker-classpath.txt");
    private static final Path PRLIMIT = Path.of("/usr/bin/prlimit");

    /** The JVM and its options, without prlimit, the ahead-of-time cache or the main class. */
    private final List<String> jvm;
    /** The classpath, main class and arguments. */
    private final List<String> main;
    private final List<String> limits;
    private final Optional<WorkerAotCache> aot;
    private final OsSandbox osSandbox;
    private final List<Path> writable;
    /** What workers read; the OS sandbox binds back those under /tmp that exist when a worker starts. */
    private final List<Path> readable;

    /**
     * @param writable the directories workers may write under the OS sandbox (every tenant's workspace), as
     *                 {@link #writableDirectories} returns them; the rest of the host is read-only to them
     */
    WorkerLauncher(SandboxSettings settings, WorkspaceRoot workspace, WorkerRuntime runtime, OsSandbox osSandbox,
            List<Path> writable) {
        SandboxSettings.Worker worker = settings.worker();
        this.osSandbox = osSandbox;
        List<String> prlimit = new ArrayList<>();
        if (Files.isExecutable(PRLIMIT) && worker.maxOpenFiles() > 0) {
            prlimit.addAll(List.of(PRLIMIT.toString(),
                    "--nofile=" + worker.maxOpenFiles() + ":" + worker.maxOpenFiles(),
                    "--fsize=" + worker.maxFileSizeBytes() + ":" + worker.maxFileSizeBytes(), "--"));
        }
        this.limits = List.copyOf(prlimit);
        WorkerJdk jdk = runtime.jdk();
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.java().toString());
        cmd.addAll(List.of("-Xmx" + worker.heapMb() + "m", "-Xss16m", "-XX:+ExitOnOutOfMemoryError",
                "-XX:+UseSerialGC",
                // The worker's stdout is the protocol: the JVM's own messages go to stderr, warnings only.
                "-Xlog:disable", "-Xlog:all=warning:stderr",
                // Its other output too ("Terminating due to java.lang.OutOfMemoryError" went to stdout and broke a frame).
                "-XX:+DisplayVMOutputToStderr",
                "-Djava.awt.headless=true",
                // jboss-logmanager is on the classpath; name it so JUL does not warn at every start.
                "-Djava.util.logging.manager=org.jboss.logmanager.LogManager"));
        if (jdk.feature() >= 24) {
            // Truffle still uses sun.misc.Unsafe and JNI; say so instead of printing warnings at every start.
            cmd.addAll(List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED"));
        }
        cmd.addAll(runtime.jit().options());
        String classpath = classpath(worker);
        Optional<Path> resources = Optional.empty();
        if (osSandbox.kind() != OsSandbox.Kind.NONE) {
            resources = Optional.of(PolyglotResources.ensure(worker.polyglotResources(), classpath));
            cmd.add("-Dpolyglot.engine.resourcePath=" + resources.get());
        }
        cmd.addAll(worker.jvmOptions());
        this.jvm = List.copyOf(cmd);
        this.main = List.of("-cp", classpath, SandboxWorkerMain.class.getName(),
                workspace.path().toString(), Integer.toString(settings.outputLimitBytes()),
                Long.toString(settings.cancelGrace().toMillis()), Long.toString(settings.quota().maxFileBytes()),
                Long.toString(settings.quota().maxTotalBytes()), Integer.toString(settings.quota().maxFiles()),
                Integer.toString(settings.warm().maxRuns()), Integer.toString(settings.warm().maxPerWorker()),
                Integer.toString(settings.warm().heapPercent()), Integer.toString(worker.warmupRounds()),
                settings.pythonPackages().toAbsolutePath().toString(), Integer.toString(settings.quota().maxDepth()));
        // The cache is valid for one JVM, option set and classpath; the workers' JDK must be 25 or newer.
        boolean aotCapable = jdk.feature() >= 25;
        // Named after the jars' sizes and times too: the JVM ignores a cache whose jars were rebuilt in place.
        this.aot = worker.aotCacheDir().filter(dir -> aotCapable)
                .map(dir -> new WorkerAotCache(dir, String.join("\u0000", jvm) + "\u0000" + String.join("\u0000", main)
                        + "\u0000" + jarStamps(main.get(1))));
        this.writable = osSandbox.kind() == OsSandbox.Kind.NONE ? List.of() : List.copyOf(writable);
        this.readable = readable(settings, resources);
    }

    private List<Path> readable(SandboxSettings settings, Optional<Path> resources) {
        List<Path> readable = new ArrayList<>();
        Path java = Path.of(jvm.get(0)).toAbsolutePath();
        // The JDK around bin/java.
        readable.add(java.getParent() != null && java.getParent().getParent() != null ? java.getParent().getParent() : java);
        for (String entry : main.get(1).split(File.pathSeparator)) {
            readable.add(Path.of(entry));
        }
        readable.add(settings.pythonPackages());
        resources.ifPresent(readable::add);
        aot.ifPresent(cache -> readable.add(cache.directory()));
        return List.copyOf(readable);
    }

    /** {@code directories}, created if missing, as real paths: the OS sandbox can bind only what exists. */
    public static List<Path> writableDirectories(List<Path> directories) {
        List<Path> dirs = new ArrayList<>();
        for (Path dir : directories) {
            try {
                dirs.add(Files.createDirectories(dir).toRealPath());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create the sandbox's writable directory " + dir, e);
            }
        }
        return dirs;
    }

    /** The worker's ahead-of-time cache, when configured and supported. */
    Optional<WorkerAotCache> aot() {
        return aot;
    }

    /**
     * A worker that records an ahead-of-time cache into {@code output} when it exits; trusted (it runs no caller's
     * code), so without rlimits or the OS sandbox, which would have to let it write the cache directory.
     */
    ProcessBuilder trainingBuilder(Path output) {
        List<String> cmd = new ArrayList<>(jvm);
        cmd.add("-XX:AOTCacheOutput=" + output);
        cmd.add("-D" + SandboxWorkerMain.AOT_TRAINING_PROPERTY + "=true");
        cmd.addAll(main);
        // Its warnings (classes the cache skips) are many and not worth reading.
        return isolated(new ProcessBuilder(cmd)).redirectError(ProcessBuilder.Redirect.DISCARD);
    }

    /** A worker for callers' code: under the OS sandbox (outermost, so the process we hold is its root), with rlimits. */
    ProcessBuilder processBuilder() {
        List<String> cmd = new ArrayList<>(limits);
        cmd.addAll(jvm);
        aot.ifPresent(cache -> cmd.addAll(cache.useOptions()));
        cmd.addAll(main);
        // The ahead-of-time cache directory, for one, may appear after the launcher was built.
        OsSandbox.Confinement confinement = new OsSandbox.Confinement(writable, readable);
        return isolated(new ProcessBuilder(osSandbox.wrap(confinement, cmd)));
    }

    private static ProcessBuilder isolated(ProcessBuilder builder) {
        builder.environment().clear();
        builder.environment().put("LC_ALL", "C.UTF-8");
        builder.redirectError(ProcessBuilder.Redirect.PIPE);
        return builder;
    }

    /**
     * The worker's classpath: configured explicitly, else the jars of a packaged server
     * ({@code quarkus-app/}), else the classpath file the build wrote for the source tree.
     */
    static String classpath(SandboxSettings.Worker worker) {
        if (worker.classpath().isPresent()) {
            return worker.classpath().get();
        }
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            Path jar = Path.of(entry);
            if (jar.getFileName() != null && jar.getFileName().toString().equals("quarkus-run.jar")) {
                Path app = jar.toAbsolutePath().getParent();
                return String.join(File.pathSeparator, jarsIn(app.resolve("app"), app.resolve("lib/boot"),
                        app.resolve("lib/main")));
            }
        }
        if (Files.isRegularFile(BUILD_CLASSPATH_FILE)) {
            try {
                return Path.of("target", "classes").toAbsolutePath() + File.pathSeparator
                        + Files.readString(BUILD_CLASSPATH_FILE).trim();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalStateException("cannot determine the sandbox worker classpath: run the packaged server "
                + "(target/quarkus-app/quarkus-run.jar), build with mvn first, or set sandbox.worker.classpath");
    }

    /** Each classpath entry with its size and modification time. */
    private static String jarStamps(String classpath) {
        StringBuilder stamps = new StringBuilder();
        for (String entry : classpath.split(File.pathSeparator)) {
            File jar = new File(entry);
            stamps.append(entry).append(':').append(jar.length()).append(':').append(jar.lastModified()).append(';');
        }
        return stamps.toString();
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
