package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.worker.SandboxWorkerMain;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Builds the command line of a worker JVM for one tenant's workspace: its own heap limit, exit on heap exhaustion,
 * an empty environment (no host secrets can leak into it), and on Linux {@code prlimit} caps on open files
 * and file size as defence in depth beside the workspace checks; under an {@link OsSandbox}, all of it runs inside
 * that, with that workspace the only one it can see. The worker that records the ahead-of-time cache runs the same
 * way, on an empty directory of its own.
 */
public final class WorkerLauncher {

    private static final Path PRLIMIT = Path.of("/usr/bin/prlimit");
    /** Where the warm-up rounds are among the arguments after the workspace. */
    private static final int WARMUP_ROUNDS_ARGUMENT = 8;
    /**
     * Where a worker under bwrap reads GraalPy's resources and the packages directory ({@link OsSandbox#place}): the
     * guest prints these paths (sys.prefix, modules' __file__, every library frame of a traceback), and the host's
     * name the install's layout and, in a home directory, its user, at three times the length.
     */
    static final Path GUEST_RESOURCES = Path.of("/graalpy");
    static final Path GUEST_PACKAGES = Path.of("/packages");
    /** Where a worker under bwrap finds its tenant's workspace, its working directory and HOME, for the same reasons. */
    static final Path GUEST_WORKSPACE = Path.of("/workspace");
    /**
     * C2's inlining for the guest's interpreter, given to every worker that C2 compiles (before the operator's
     * options, which may say otherwise). GraalPy's interpreter loop ({@code CachedBytecodeNode.continueAt}, 6,364
     * bytes of bytecode) uses up C2's inlining budget before its own instructions: reading each opcode and taking a
     * branch were calls. Without the clip to DesiredMethodLimit, and with methods of up to 14 bytes inlined past the
     * node-count cutoff, they are inlined: the served everyday programs ran 17-20% faster (numeric 441-451 ms against
     * 765-793). Tuned to GraalPy 25.2's generated interpreter: 12 leaves the opcode read a call and 18 made the loop
     * slower than none (docs/benchmarks.md, fifty-fourth session); re-measure with {@code bench/GuestRounds.java}
     * when GraalPy changes.
     */
    static final List<String> C2_INTERPRETER_INLINING = List.of("-XX:-ClipInlining", "-XX:MaxTrivialSize=14");

    /** The JVM and its options, without prlimit, the ahead-of-time cache or the main class. */
    private final List<String> jvm;
    /** The same for a quick-start worker: C1 alone, before the operator's options (which may say otherwise). */
    private final List<String> quickJvm;
    private final boolean quickStart;
    /** The classpath and main class. */
    private final List<String> main;
    /** The arguments after the workspace. */
    private final List<String> arguments;
    private final List<String> limits;
    private final Optional<WorkerAotCache> aot;
    private final OsSandbox osSandbox;
    /** What the unshare path hides besides /run: the data directory, every workspace (see {@link OsSandbox}). */
    private final List<Path> hidden;
    /** What workers read besides the system: the JDK, the jars, the cache, and what is not placed. */
    private final List<Path> readable;
    /** What workers read at a path of their own: GraalPy's resources and the packages, under bwrap. */
    private final List<OsSandbox.Mount> placed;

    /**
     * @param hidden what must stay out of a worker's sight although the unshare path shows the host's file system:
     *               the data directory and every tenant's workspace (bwrap shows only what a worker needs anyway)
     */
    WorkerLauncher(SandboxSettings settings, WorkerRuntime runtime, OsSandbox osSandbox, List<Path> hidden) {
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
                // GraalPy's gc.collect() makes two full collections, the diagnostic command's GC.run and then
                // System.gc(); with the second a no-op it makes one, in half the time (about 250 -> 130 ms served,
                // docs/benchmarks.md). The worker's own idle collection goes through GC.run too (SandboxWorkerMain).
                "-XX:+DisableExplicitGC",
                // C2 takes a method after ten times HotSpot's default count of calls and loops: what GraalPy runs a
                // few thousand times while it starts stays with C1, and C2's CPU goes to what stays hot. A first call
                // cost the worker 9.0 s of CPU instead of 10.5 (2 cores), and its later data work was not slower
                // (docs/benchmarks.md, eleventh session).
                "-XX:Tier4InvocationThreshold=50000", "-XX:Tier4CompileThreshold=60000",
                "-XX:Tier4BackEdgeThreshold=400000",
                // Memory an idle worker holds (docs/benchmarks.md): the heap starts small instead of at 1/64 of the
                // machine's memory, and gives back what a collection frees beyond 30%; the worker collects when it
                // falls idle (SandboxWorkerMain), and the JVM hands freed native memory back to the system.
                "-Xms16m", "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30",
                // The worker's stdout is the protocol: the JVM's own messages go to stderr, warnings only.
                "-Xlog:disable", "-Xlog:all=warning:stderr",
                // The cache's stubs that JDK 25 cannot link are rebuilt as they would be without it: four lines of
                // warning at every start, nothing an operator can act on. A cache that fails to load still says so.
                "-Xlog:aot*=error:stderr",
                // Its other output too ("Terminating due to java.lang.OutOfMemoryError" went to stdout and broke a frame).
                "-XX:+DisplayVMOutputToStderr",
                "-Djava.awt.headless=true",
                // jboss-logmanager is on the classpath; name it so JUL does not warn at every start.
                "-Djava.util.logging.manager=org.jboss.logmanager.LogManager"));
        if (jdk.feature() >= 22) {
            // glibc keeps what compiler threads and the engine freed; trimmed, an idle worker's RSS falls back.
            cmd.add("-XX:TrimNativeHeapInterval=5000");
        }
        if (jdk.feature() >= 24) {
            // Truffle still uses sun.misc.Unsafe and JNI; say so instead of printing warnings at every start.
            cmd.addAll(List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED"));
        }
        cmd.addAll(runtime.jit().options());
        String classpath = WorkerClasspath.of(worker);
        Optional<Path> built = WorkerClasspath.builtCaches();
        Optional<Path> resources = Optional.empty();
        if (osSandbox.kind() != OsSandbox.Kind.NONE) {
            resources = Optional.of(PolyglotResources.ensure(worker.polyglotResources(),
                    built.map(dir -> dir.resolve("polyglot-resources")), classpath));
            cmd.add("-Dpolyglot.engine.resourcePath=" + osSandbox.place(resources.get(), GUEST_RESOURCES));
        }
        List<String> quick = new ArrayList<>(cmd);
        // A worker compiled by C1 alone is ready and through its first run with about two thirds of the CPU (C2
        // compiles hundreds of methods before then), and runs data work about half as fast: the pool starts its
        // first worker so, and replaces it once idle (WorkerPlacement, docs/benchmarks.md). Same cache: the flag
        // does not change what the cache holds or whether the JVM takes it.
        quick.add("-XX:TieredStopAtLevel=1");
        quick.addAll(worker.jvmOptions());
        this.quickJvm = List.copyOf(quick);
        // With a Truffle compiler the guest's code is compiled apart from HotSpot's tiers; options that choose the
        // tiers themselves would make a quick worker no different.
        this.quickStart = runtime.jit().compiler() == JitOptions.Compiler.NONE && worker.jvmOptions().stream()
                .noneMatch(option -> option.startsWith("-XX:TieredStopAtLevel") || option.contains("TieredCompilation"));
        cmd.addAll(C2_INTERPRETER_INLINING);
        cmd.addAll(worker.jvmOptions());
        this.jvm = List.copyOf(cmd);
        this.main = List.of("-cp", classpath, SandboxWorkerMain.class.getName());
        this.arguments = List.of(Integer.toString(settings.inlineOutputBytes()),
                Long.toString(settings.cancelGrace().toMillis()), Long.toString(settings.quota().maxFileBytes()),
                Long.toString(settings.quota().maxTotalBytes()), Integer.toString(settings.quota().maxFiles()),
                Integer.toString(settings.warm().maxRuns()), Integer.toString(settings.warm().maxPerWorker()),
                Integer.toString(settings.warm().heapPercent()), Integer.toString(worker.warmupRounds()),
                osSandbox.place(packages(settings), GUEST_PACKAGES).toString(),
                Integer.toString(settings.quota().maxDepth()),
                Integer.toString(settings.threadsPerRun()), Integer.toString(worker.maxThreads()));
        // The cache is valid for one JVM, option set and classpath; the workers' JDK must be 25 or newer.
        boolean aotCapable = jdk.feature() >= 25;
        // Named after the jars' sizes and times too: the JVM ignores a cache whose jars were rebuilt in place. Of the
        // main class's arguments only the warm-up rounds shape what the cache holds: a new quota or output limit
        // keeps it (each recording is about a minute of a worker's CPU).
        this.aot = worker.aotCacheDir().filter(dir -> aotCapable)
                .map(dir -> new WorkerAotCache(dir, built, String.join("\u0000", jvm)
                        + "\u0000" + String.join("\u0000", main) + "\u0000" + worker.warmupRounds() + "\u0000"
                        + jarStamps(main.get(1))));
        this.hidden = List.copyOf(hidden);
        List<OsSandbox.Mount> mounts = new ArrayList<>();
        resources.ifPresent(dir -> mounts.add(new OsSandbox.Mount(dir, GUEST_RESOURCES, false)));
        mounts.add(new OsSandbox.Mount(packages(settings), GUEST_PACKAGES, false));
        this.placed = osSandbox.places() ? List.copyOf(mounts) : List.of();
        List<Path> readable = new ArrayList<>(readable());
        if (!osSandbox.places()) {
            mounts.forEach(m -> readable.add(m.host()));
        }
        this.readable = List.copyOf(readable);
    }

    private static Path packages(SandboxSettings settings) {
        return settings.pythonPackages().toAbsolutePath().normalize();
    }

    /** The main class's arguments for a worker on {@code workspace}. */
    private List<String> main(Path workspace) {
        return main(workspace, WorkerStart.SERVE_FIRST);
    }

    /**
     * The same for a worker started so; a quick one runs no warm-up rounds: it is replaced once idle, and a round
     * would take the cores its successor starts on.
     */
    private List<String> main(Path workspace, WorkerStart start) {
        List<String> cmd = new ArrayList<>(main);
        cmd.add(workspace.toString());
        List<String> args = new ArrayList<>(arguments);
        if (start == WorkerStart.QUICK) {
            args.set(WARMUP_ROUNDS_ARGUMENT, "0");
        }
        cmd.addAll(args);
        cmd.add(Boolean.toString(start == WorkerStart.WARM_FIRST));
        return cmd;
    }

    private List<Path> readable() {
        List<Path> readable = new ArrayList<>();
        Path java = Path.of(jvm.get(0)).toAbsolutePath();
        // The JDK around bin/java.
        readable.add(java.getParent() != null && java.getParent().getParent() != null ? java.getParent().getParent() : java);
        readable.addAll(classpathMounts(Arrays.stream(main.get(1).split(File.pathSeparator)).map(Path::of).toList()));
        // The cache's files alone: their directory is by default the data directory, holding every tenant's skills.
        aot.ifPresent(cache -> readable.addAll(cache.files()));
        return List.copyOf(readable);
    }

    /**
     * What the OS sandbox binds for the classpath: a directory whose every entry is on the classpath (a packaged
     * server's {@code app}) as one mount, each other entry by itself. Each bind costs bubblewrap about 0.7 ms at every
     * worker start (230 jars one by one took 0.14-0.17 s, docs/benchmarks.md), and the worker's classpath holds about
     * 35; a directory holding anything else is never bound whole, so a worker sees no more than its classpath.
     */
    static List<Path> classpathMounts(List<Path> entries) {
        Map<Path, List<Path>> byDirectory = new LinkedHashMap<>();
        for (Path entry : entries) {
            Path absolute = entry.toAbsolutePath().normalize();
            byDirectory.computeIfAbsent(absolute.getParent(), dir -> new ArrayList<>()).add(absolute);
        }
        List<Path> mounts = new ArrayList<>();
        byDirectory.forEach((dir, inDir) -> {
            if (dir != null && holdsOnly(dir, inDir)) {
                mounts.add(dir);
            } else {
                mounts.addAll(inDir);
            }
        });
        return List.copyOf(mounts);
    }

    /** Whether {@code dir} holds {@code files} and nothing else (regular files only, no links, no subdirectories). */
    private static boolean holdsOnly(Path dir, List<Path> files) {
        java.util.Set<Path> wanted = new java.util.HashSet<>(files);
        try (Stream<Path> listed = Files.list(dir)) {
            List<Path> present = listed.toList();
            return present.size() == wanted.size() && present.stream().allMatch(p -> wanted.contains(p)
                    && Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        } catch (IOException e) {
            return false;
        }
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

    /** Whether a quick worker differs from the others, so that the pool's first may start quick. */
    boolean quickStart() {
        return quickStart;
    }

    /** The worker's ahead-of-time cache, when configured and supported. */
    Optional<WorkerAotCache> aot() {
        return aot;
    }

    /**
     * A worker that records an ahead-of-time cache into {@code output} when it exits, under the same OS sandbox and
     * rlimits as every worker: its one writable directory is {@code scratch}, which holds the output and an empty
     * workspace.
     */
    ProcessBuilder trainingBuilder(Path scratch, Path output, Path moduleCode) {
        Path workspace = scratch.resolve("workspace");
        try {
            Files.createDirectories(workspace);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the training worker's workspace " + workspace, e);
        }
        List<String> cmd = new ArrayList<>(limits);
        cmd.addAll(jvm);
        cmd.add("-XX:AOTCacheOutput=" + output);
        cmd.add("-D" + SandboxWorkerMain.AOT_TRAINING_PROPERTY + "=true");
        cmd.add("-D" + SandboxWorkerMain.MODULE_CODE_OUTPUT_PROPERTY + "=" + moduleCode);
        cmd.addAll(main(workspace));
        // Its warnings (classes the cache skips) are many and not worth reading.
        return isolated(new ProcessBuilder(osSandbox.wrap(confinement(scratch, scratch), cmd)))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
    }

    /**
     * A worker for the callers of the tenant whose workspace is {@code workspace}: under the OS sandbox (outermost, so
     * the process we hold is its root), with rlimits, and with no other workspace in sight; started as {@code start}
     * says.
     */
    ProcessBuilder processBuilder(Path workspace, WorkerStart start) {
        List<String> cmd = new ArrayList<>(limits);
        cmd.addAll(start == WorkerStart.QUICK ? quickJvm : jvm);
        aot.ifPresent(cache -> cmd.addAll(cache.useOptions()));
        Path guest = osSandbox.place(workspace, GUEST_WORKSPACE);
        cmd.addAll(main(guest, start));
        return isolated(new ProcessBuilder(osSandbox.wrap(confinement(workspace, guest), cmd)));
    }

    /**
     * Built at each start (the ahead-of-time cache, for one, may appear after the launcher was built): {@code writable}
     * is the worker's one writable directory, which it sees at {@code guest}.
     */
    private OsSandbox.Confinement confinement(Path writable, Path guest) {
        if (osSandbox.kind() == OsSandbox.Kind.NONE) {
            return new OsSandbox.Confinement(List.of());
        }
        List<Path> dir = writableDirectories(List.of(writable));
        if (guest.equals(writable)) {
            return new OsSandbox.Confinement(dir, readable, hidden, placed);
        }
        List<OsSandbox.Mount> mounts = new ArrayList<>(placed);
        mounts.add(new OsSandbox.Mount(dir.get(0), guest, true));
        return new OsSandbox.Confinement(List.of(), readable, hidden, mounts);
    }

    /** The environment and streams of every worker launch. */
    static ProcessBuilder isolated(ProcessBuilder builder) {
        builder.environment().clear();
        builder.environment().put("LC_ALL", "C.UTF-8");
        builder.redirectError(ProcessBuilder.Redirect.PIPE);
        return builder;
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
}
