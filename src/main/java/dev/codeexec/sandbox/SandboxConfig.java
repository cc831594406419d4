package dev.codeexec.sandbox;

import dev.codeexec.workspace.WorkspaceQuota;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Operator settings under {@code sandbox.*}; defaults and ceilings are listed in docs/DESIGN.md. */
@ConfigMapping(prefix = "sandbox")
public interface SandboxConfig {

    /** process (default): every execution in a killable worker JVM; in-process: contexts in this JVM. */
    @WithDefault("process")
    String isolation();

    /** The workspace when none is configured; read before Quarkus starts too (EarlyConfig). */
    String DEFAULT_WORKSPACE = "workspace";

    /** Root of the files guest code can see; it is also the guest's working directory. */
    @WithDefault(DEFAULT_WORKSPACE)
    Path workspace();

    /**
     * Pure-Python packages (scripts/install-python-packages fills it): on the guest's sys.path after the standard
     * library, readable by guest code, never writable. A missing directory means the standard library only.
     */
    @WithDefault("python-packages")
    Path pythonPackages();

    /**
     * Bytes of stdout and of stderr returned inline per execution (head and tail past it); execute_code's
     * max_inline_bytes overrides it per call, up to {@link ExecutionLimits#MAX_INLINE_BYTES}.
     */
    @WithDefault("16384")
    int inlineOutputBytes();

    /** Output past the inline budget, kept in the caller's workspace under .runs/. */
    SpillConfig spill();

    interface SpillConfig {
        /**
         * Bytes of each stream kept in the spill file; 0 keeps none. Never more than workspace.max-file-bytes, and
         * the file counts against the workspace quota like any other.
         */
        @WithDefault("16777216")
        long maxBytes();

        /** How long spill files are kept; removed at the caller's tenant's next execution after, or by the sweep. */
        @WithDefault("1h")
        Duration ttl();

        /** How often every tenant's workspace is swept for spill files past their TTL (at least 1 s). */
        @WithDefault("10m")
        Duration sweepInterval();
    }

    /** Threads a run may have alive at once besides its own; past it, starting one raises RuntimeError. */
    @WithDefault("16")
    int threadsPerRun();

    /**
     * Short runs (a print, JSON, regular expressions, one that raises) that go through the whole execution path on the
     * first worker before the server reports ready (health, get_execution_stats), so the first callers meet both
     * processes' request paths compiled; a caller's run stops them at once. Recorded nowhere; 0 turns it off.
     */
    @WithDefault("150")
    int readyWarmupRuns();

    /** Fresh contexts kept ready in the in-process executor. */
    @WithDefault("2")
    int warmContexts();

    /** Executions running at once (and, in process isolation, worker processes); default: CPU cores. */
    OptionalInt maxConcurrent();

    /** Executions allowed to wait for a free slot; beyond it a request is refused as busy. */
    @WithDefault("32")
    int queueSize();

    /**
     * Worker processes the pool may hold, busy or idle, at least one more than the running slots need (a worker takes
     * sandbox.worker.concurrent-runs at once); default: one for each tenant callers can reach, or as many as the
     * running slots need, whichever is more, and one spare, as many as three quarters of the memory hold at the
     * worker heap plus 256 MiB each. Past the bound, a tenant without a worker waits for one to
     * start in the place of another tenant's idle worker.
     */
    OptionalInt maxWorkers();

    /** Shares of the slots and queue together, so that no tenant or caller can take them all. */
    FairShareConfig fairShare();

    interface FairShareConfig {
        /** Executions one tenant may have running or queued; default three quarters of slots plus queue. */
        java.util.OptionalInt tenantMax();

        /** Executions one caller may have running or queued; default half of slots plus queue. */
        java.util.OptionalInt callerMax();

        /**
         * Background runs of one tenant that may hold slots at once, 1 to max-concurrent; default one less than
         * max-concurrent (at least 1), so a tenant's long runs always leave a slot for other tenants.
         */
        java.util.OptionalInt backgroundSlots();

        /**
         * Running slots one tenant's runs may hold at once, 1 to max-concurrent; default one less than max-concurrent
         * (at least 1) when two or more tenants are served, so a tenant's runs always leave a slot for the others,
         * and max-concurrent on a single-tenant server. Runs past it wait for the tenant's own.
         */
        java.util.OptionalInt tenantSlots();
    }

    /** Time a cancelled guest gets to stop before it is abandoned (in-process) or killed (worker). */
    @WithDefault("2s")
    Duration cancelGrace();

    /**
     * Truffle optimizing compiler in worker processes: auto (on when the workers' JDK is a GraalVM JDK with its
     * native compiler, libgraal), on (the same, with a start-up warning when the JDK has none), off (interpreter
     * only). A stock JDK has no compiler that fits GraalPy 25.2: workers run interpreter-only there.
     */
    @WithDefault("off")
    String jit();

    Sessions sessions();

    Bridge bridge();

    /** Bounds on the arguments of one bridge call from guest code, checked as the server parses them. */
    interface Bridge {
        /** Characters of one call's JSON arguments, at most 16 Mi (the bound worker frames are sized for). */
        @WithDefault("4194304")
        int maxArgsChars();

        /** Characters of one string inside the arguments, at most 16 Mi. */
        @WithDefault("4194304")
        int maxStringChars();

        /** Nesting of arrays and objects in the arguments, at most 1000. */
        @WithDefault("64")
        int maxNestingDepth();
    }

    Warm warm();

    Worker worker();

    Runs runs();

    /** Background runs (execute_code with background or wait_s) and live progress of synchronous ones. */
    interface Runs {
        /** The largest timeout_s of a background run; a synchronous run keeps the fixed 300. */
        @WithDefault("3600")
        int maxTimeoutS();

        /** Output bytes kept per stream of a background run: the most recent ones. */
        @WithDefault("1048576")
        int retainedBytes();

        /**
         * Retained output one tenant's background runs may reserve together: each run reserves both streams full
         * (twice retained-bytes). Beyond it the tenant's oldest finished runs are dropped, then new runs refused.
         */
        @WithDefault("67108864")
        long retainedBytesPerTenant();

        /** How long a finished background run stays readable. */
        @WithDefault("1h")
        Duration finishedTtl();

        /** Background runs one caller may hold, unfinished or finished and not yet expired. */
        @WithDefault("16")
        int maxPerCaller();

        /** Background runs the server holds for all callers together. */
        @WithDefault("256")
        int maxTotal();

        /**
         * get_execution calls with wait_s, and run event streams, one tenant may have pending at once; beyond it
         * they are refused as busy.
         */
        @WithDefault("64")
        int maxWaitsPerTenant();

        /** How often a synchronous execute_code call that sent a progressToken hears progress. */
        @WithDefault("2s")
        Duration progressInterval();
    }

    /** Each tenant's warm interpreters, reused by its runs without a session and reset between them. */
    interface Warm {
        /**
         * Runs one warm interpreter serves before it is replaced by a fresh one. Hygiene, not isolation (nothing
         * crosses callers either way), and a replacement costs about half a second of a worker's CPU: at 100, a
         * caller sending trivial runs back to back paid 3-4 times the per-call CPU (docs/benchmarks.md).
         */
        @WithDefault("1000")
        int maxRuns();

        /** A warm interpreter unused this long is released. */
        @WithDefault("10m")
        Duration idleTtl();

        /**
         * Warm interpreters one worker holds (each costs heap); the least recently used goes first. Eight: with four,
         * eight agents on two workers rebuilt 29-44 interpreters in 400 runs while the second worker started; eight
         * warm callers on one worker hold 359 MiB RSS (docs/benchmarks.md).
         */
        @WithDefault("8")
        int maxPerWorker();

        /**
         * A run after which a garbage collection left more than this percentage of the heap in use recycles
         * the warm interpreter it ran in; 100 turns this off.
         */
        @WithDefault("70")
        int heapPercent();
    }

    interface Sessions {
        /** Persistent sessions one tenant holds at once, from all its connections (each holds an interpreter). */
        @WithDefault("32")
        int maxPerTenant();

        @WithDefault("30m")
        Duration idleTtl();
    }

    interface Worker {
        /** Java heap of each worker process (-Xmx), in MiB. */
        @WithDefault("512")
        int heapMb();

        /** RLIMIT_NOFILE of each worker, applied with prlimit where available. */
        @WithDefault("512")
        int maxOpenFiles();

        /** RLIMIT_FSIZE of each worker: the largest file it can write, in bytes. */
        @WithDefault("268435456")
        long maxFileSizeBytes();

        /**
         * How long a worker may take to start and warm up before it is considered failed; each retry of a failed
         * start waits twice as long as the one before, up to four times this.
         */
        @WithDefault("60s")
        Duration startTimeout();

        /** Extra JVM options for workers. */
        Optional<List<String>> jvmOptions();

        /** Classpath for workers; by default derived from how the server was launched. */
        Optional<String> classpath();

        /**
         * Keep an ahead-of-time cache of the worker JVM (JDK 25+) in {@code aot-cache-dir}, trained once in the
         * background; workers started with it are ready in about half the time.
         */
        @WithDefault("true")
        boolean aotCache();

        /** Where the worker's ahead-of-time cache lives. */
        @WithDefault("${codeexec.data-dir:data}")
        Path aotCacheDir();

        /**
         * Rounds of representative work (JSON, CSV, regexes, grouping, classes, integer loops, XML) each worker
         * runs in a throwaway interpreter while idle, and the quick first worker's successor before it takes over,
         * so HotSpot (and Truffle, with jit on) has compiled those paths before a caller's first run; 0 turns it off.
         */
        @WithDefault("6")
        int warmupRounds();

        /**
         * Operating-system sandbox under each worker (Linux): auto uses bubblewrap (bwrap), else unshare with
         * setpriv, else none, after checking once at start that the tool works here; required refuses to start
         * without one; off never uses one. Under it a worker has no network but its own loopback, its own process
         * list, a read-only file system except the workspace and a private /tmp, and no capabilities.
         */
        @WithDefault("auto")
        String osSandbox();

        /**
         * Where GraalPy's own files (its standard library) are copied, once per GraalPy version, for workers under
         * the OS sandbox: they cannot write GraalPy's usual cache in the home directory. Read-only to workers.
         */
        @WithDefault("${codeexec.data-dir:data}/polyglot-resources")
        Path polyglotResources();

        /**
         * The JDK workers run on, for example a GraalVM JDK, whose native compiler is the only one {@code sandbox.jit}
         * can use; by default the one running the server.
         */
        Optional<Path> javaHome();

        /**
         * How long a worker may serve nothing before it is stopped, as long as its tenant keeps another worker: an
         * idle server holds one worker per tenant instead of one per running slot (each about 300 MiB), and a run
         * that finds its tenant's workers busy starts another. A worker holding a persistent session is kept. 0 keeps
         * every worker.
         */
        @WithDefault("2m")
        Duration idleStop();

        /**
         * How many of its tenant's runs a worker takes at once, each in its own interpreter on its own thread. More
         * than one spares a busy tenant a second worker's start (seconds of CPU) and its memory; the runs share the
         * worker's heap, and a run killed at its deadline or out of memory stops the others running beside it.
         */
        @WithDefault("2")
        int concurrentRuns();

        /**
         * Threads a worker JVM may have alive at once, its own included (an idle one has about 40, and each interpreter
         * it holds about 9 more). Past it the worker stops itself and its runs fail saying so: a run's cap,
         * {@code threads-per-run}, is kept by guest code and can be raced or gone around, and a worker without a bound
         * could take the host's process ids from every other tenant and the server. By default 1024, or more when the
         * sessions, warm interpreters and runs a worker may hold need it ({@link SandboxSettings.Worker#defaultMaxThreads}).
         */
        Optional<Integer> maxThreads();
    }

    /** The settings, with the workspace quotas (configured under {@code workspace.*}) guest writes obey. */
    default SandboxSettings toSettings(WorkspaceQuota quota) {
        int cores = Runtime.getRuntime().availableProcessors();
        return new SandboxSettings(SandboxSettings.Isolation.parse(isolation()),
                workspace(), pythonPackages(), inlineOutputBytes(), threadsPerRun(), warmContexts(), maxConcurrent().orElse(cores), queueSize(), maxWorkers(),
                cancelGrace(), sessions().maxPerTenant(), sessions().idleTtl(),
                new SandboxSettings.Warm(warm().maxRuns(), warm().idleTtl(), warm().maxPerWorker(), warm().heapPercent()),
                new SandboxSettings.Worker(worker().heapMb(), worker().maxOpenFiles(), worker().maxFileSizeBytes(),
                        worker().startTimeout(), worker().jvmOptions().orElse(List.of()), worker().classpath(),
                        worker().javaHome(), SandboxSettings.Jit.parse(jit()),
                        worker().aotCache() ? Optional.of(worker().aotCacheDir()) : Optional.empty(),
                        worker().warmupRounds(), SandboxSettings.OsSandboxMode.parse(worker().osSandbox()),
                        worker().polyglotResources(), worker().idleStop(), worker().concurrentRuns(),
                        worker().maxThreads().orElse(SandboxSettings.Worker.defaultMaxThreads(sessions().maxPerTenant(),
                                warm().maxPerWorker(), worker().concurrentRuns(), threadsPerRun()))), quota);
    }
}
