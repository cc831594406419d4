package dev.codeexec.sandbox.worker;

import dev.codeexec.sandbox.ExecutionLimits;
import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.HostBridge;
import dev.codeexec.sandbox.PythonPackages;
import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.engine.HeapWatch;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.engine.InProcessExecutor;
import dev.codeexec.sandbox.engine.SandboxContexts;
import dev.codeexec.sandbox.protocol.FrameCodec;
import dev.codeexec.sandbox.protocol.FrameLimits;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Entry point of a sandbox worker process: a plain JVM (no Quarkus, no CDI) that hosts the same
 * confined interpreters as the in-process executor and serves executions over its stdin/stdout as
 * {@link FrameCodec} frames. A worker serves one tenant; each execution the server sends runs at once on a thread of
 * its own, in an interpreter of its own, beside any others still running (the server alone bounds how many), and
 * every frame names its execution. Guest bridge calls travel back to the server over the same pipes, each for the
 * execution whose interpreter made it. It logs metadata only, to stderr, which the server forwards. The server
 * enforces the hard limits from outside: heap (-Xmx), rlimits, and a kill at the deadline; the worker bounds its own
 * threads from a thread guest code cannot reach.
 *
 * <p>Arguments: {@code <workspace> <inline-output-bytes> <cancel-grace-ms> <max-file-bytes> <max-total-bytes>
 * <max-files> <warm-max-runs> <warm-max-per-worker> <warm-heap-percent> <warm-up-rounds> <python-packages>
 * <max-depth> <threads-per-run> <max-threads> <warm-first>}: three workspace quotas guest writes obey (the totals are kept by the server, over the bridge), then how many runs a warm interpreter serves, how many this worker holds, the
 * share of its heap whose use after a collection recycles one, the rounds of {@link WorkerWarmup} it runs while
 * idle, the packages directory, the deepest path guest code may create, the threads a run may start, the threads
 * this worker may have alive ({@link ThreadCeiling}), and whether it warms up before it is ready. Idle warm interpreters are released when the server says so, as sessions are.
 */
public final class SandboxWorkerMain {

    private static final Logger LOG = Logger.getLogger(SandboxWorkerMain.class.getName());
    /** A bridge call never waits longer than the longest execution could. */
    private static final long BRIDGE_WAIT_SECONDS = ExecutionLimits.MAX_TIMEOUT_S + 30;
    /** Set on the worker that records the ahead-of-time cache: it runs its warm-up rounds before it is ready. */
    public static final String AOT_TRAINING_PROPERTY = "codeexec.worker.aot-training";
    /** Library modules compiled by the worker that recorded the cache, which this worker loads (SandboxContexts). */
    public static final String MODULE_CODE_PROPERTY = "codeexec.worker.module-code";
    /** Set on the worker that records the cache: where it writes the library modules it compiled. */
    public static final String MODULE_CODE_OUTPUT_PROPERTY = "codeexec.worker.module-code-output";
    /**
     * How long a worker must have had nothing to run before it starts a warm-up round: a round cannot be stopped
     * once started and costs up to seconds of CPU, which back-to-back calls would otherwise share (measured: 40 ms of
     * worker CPU per trivial call, round trip p50 12 -> 20 ms, until the rounds were done).
     */
    private static final long QUIET_BEFORE_WARMUP_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(2);
    /** Share of the machine's CPU in use (over the last check's interval) above which warm-up waits. */
    private static final double MAX_CPU_LOAD_FOR_WARMUP = 0.25;
    /**
     * How long a worker must have run nothing before it collects its heap: the serial collector gives memory back to
     * the system only at a full collection (-XX:MaxHeapFreeRatio), which an idle worker would otherwise never make.
     */
    private static final long IDLE_BEFORE_COLLECT_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** Heap use grown by less than this since the last idle collection (nothing ran) is not worth another. */
    private static final long COLLECT_AFTER_GROWTH_BYTES = 8L << 20;
    /** Fresh contexts kept ready in each worker, so back-to-back executions rarely wait for one to be built. */
    private static final int WARM_CONTEXTS = 2;

    /** The host's refusal of oversized args ({@link HostBridge}), for a call too large to send. */
    private static final String ARGS_TOO_LARGE = "{\"error\":\"args: larger than the bridge limit of "
            + HostBridge.MAX_ARGS_CHARS + " characters\",\"kind\":\"invalid\"}";

    private final FrameCodec codec;
    private final BlockingQueue<Optional<WorkerMessages.Execute>> requests = new LinkedBlockingQueue<>();
    private final Map<Long, CompletableFuture<String>> bridgeReplies = new ConcurrentHashMap<>();
    private final AtomicLong bridgeIds = new AtomicLong();
    /** Build times of interpreters not yet reported to the server. */
    private final java.util.Queue<Long> builds = new java.util.concurrent.ConcurrentLinkedQueue<>();
    /** Guards {@link #runs} changing between zero and one, when warm-up rounds are paused or resumed. */
    private final Object runsTurn = new Object();
    /** Executions running now; warm-up rounds and the idle collection wait while any does. Written under runsTurn. */
    private volatile int runs;
    /** The bound on this JVM's threads, woken when a run starts. */
    private volatile ThreadCeiling ceiling;
    /** When the last execution finished: warm-up rounds wait for a pause in the caller's stream, not a gap between calls. */
    private volatile long lastFinishedNanos = System.nanoTime();
    /** The executions running now and their hooks, by id, so a cancel frame reaches the one it names. */
    private final Map<Long, Running> running = new ConcurrentHashMap<>();
    /** Why a run's thread failed (the worker then exits, as a failure in the serving loop made it). */
    private final java.util.concurrent.atomic.AtomicReference<Throwable> runFailed =
            new java.util.concurrent.atomic.AtomicReference<>();
    /** Paces the output frames of streaming runs. */
    private final java.util.concurrent.ScheduledExecutorService flusher =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
                    Thread.ofPlatform().daemon().name("worker-output").factory());

    /**
     * The threads executions run on, each kept a minute after its run for the next: starting and ending a thread per
     * run cost about as much of the worker's CPU as a trivial run's own work. At most as many as ran at once in the
     * last minute (the server bounds that), so the thread ceiling meets no more than the busiest moment had.
     */
    private final java.util.concurrent.ExecutorService runThreads = java.util.concurrent.Executors.newCachedThreadPool(
            Thread.ofPlatform().daemon().name("worker-run-", 1).factory());

    /** Heap in use after the last idle collection; read and written on the flusher thread only. */
    private long usedAfterCollect;

    /** An execution and, once its guest code started, the interpreter running it (0 before). */
    private record Running(long id, RunHooks hooks, java.util.concurrent.atomic.AtomicLong interpreter) {
    }

    /** Refused here: made by an interpreter that was not running the execution it named. */
    private static final String NOT_RUNNING = "{\"error\":\"the bridge answers only the interpreter running the "
            + "current execution\",\"kind\":\"" + HostCalls.REFUSED + "\"}";
    /** Bridge calls refused since the last result was sent. */
    private final AtomicLong refusedCalls = new AtomicLong();

    private SandboxWorkerMain(FrameCodec codec) {
        this.codec = codec;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        // The protocol owns the real stdout; anything else printing to System.out lands in the log.
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), false);
        System.setOut(System.err);
        SandboxWorkerMain worker = new SandboxWorkerMain(new FrameCodec(System.in, protocol, FrameLimits.TO_WORKER_BYTES));

        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.IN_PROCESS, Path.of(args[0]), Path.of(args[10]),
                Integer.parseInt(args[1]), Integer.parseInt(args[12]), WARM_CONTEXTS, 1, 0, OptionalInt.empty(), Duration.ofMillis(Long.parseLong(args[2])),
                Integer.MAX_VALUE, Duration.ofDays(3650),
                new SandboxSettings.Warm(Integer.parseInt(args[6]), Duration.ofDays(3650), Integer.parseInt(args[7]),
                        Integer.parseInt(args[8])),
                new SandboxSettings.Worker(0, 0, 0, Duration.ZERO, List.of(), Optional.empty(), Optional.empty(),
                        SandboxSettings.Jit.OFF, Optional.empty(), 0),
                new WorkspaceQuota(Long.parseLong(args[3]), Long.parseLong(args[4]), Integer.parseInt(args[5]),
                        Integer.parseInt(args[11])));
        // Before any interpreter exists: guest threads are bounded by the worker, not by what guest code keeps.
        worker.ceiling = ThreadCeiling.watch(Integer.parseInt(args[13]), () -> worker.runs > 0);
        WorkspaceRoot workspace = new WorkspaceRoot(settings.workspace());
        SandboxContexts contexts = new SandboxContexts(workspace, PythonPackages.scan(settings.pythonPackages()),
                settings.quota(), settings.threadsPerRun(), System.err, worker.bridge(),
                Optional.ofNullable(System.getProperty(MODULE_CODE_PROPERTY)).map(Path::of));
        try (InProcessExecutor executor = new InProcessExecutor(contexts, settings,
                HeapWatch.ofThisJvm(settings.warm().heapPercent()), worker.builds::add)) {
            executor.awaitWarm();
            int warmupRounds = Integer.parseInt(args[9]);
            // Another worker serves while this one warms up (WorkerStart.WARM_FIRST): rounds run to the end before
            // ready, where a caller's first run would otherwise stop them.
            boolean warmFirst = Boolean.parseBoolean(args[14]);
            int warmedRounds = warmFirst ? new WorkerWarmup(contexts, warmupRounds, () -> true).run() : 0;
            if (Boolean.getBoolean(AOT_TRAINING_PROPERTY)) {
                // The ahead-of-time cache keeps what this run loaded and the method profiles it gathered (JEP 515):
                // with the warm-up's data work in it, every later worker compiles those paths sooner.
                new WorkerWarmup(contexts, warmupRounds, () -> true).run();
                String moduleCode = System.getProperty(MODULE_CODE_OUTPUT_PROPERTY);
                if (moduleCode != null) {
                    try {
                        contexts.recordModuleCode(Path.of(moduleCode));
                    } catch (IOException | RuntimeException e) {
                        // Later workers then compile their imports from source, as before; the cache is still worth it.
                        LOG.log(Level.WARNING, "library modules not recorded: {0}", String.valueOf(e));
                    }
                }
            }
            WorkerWarmup warmup = new WorkerWarmup(contexts, warmFirst ? 0 : warmupRounds, worker::idle);
            Thread.ofPlatform().daemon().name("worker-reader").start(worker::readFrames);
            worker.codec.write(new WorkerMessages.FromWorker(
                    WorkerMessages.Reply.readyNow(worker.takeBuilds(), warmedRounds), null, null));
            warmup.startInBackground();
            worker.flusher.scheduleWithFixedDelay(worker::collectWhenIdle, 10, 5, TimeUnit.SECONDS);
            worker.serve(executor, warmup);
        }
    }

    private void serve(InProcessExecutor executor, WorkerWarmup warmup) throws IOException, InterruptedException {
        while (true) {
            Optional<WorkerMessages.Execute> next = requests.take();
            if (next.isEmpty()) {
                Throwable failed = runFailed.get();
                if (failed instanceof RuntimeException e) {
                    throw e;
                } else if (failed instanceof Error e) {
                    throw e;
                } else if (failed instanceof IOException e) {
                    throw e;
                }
                LOG.info("server closed the channel; worker exiting");
                return;
            }
            WorkerMessages.Execute request = next.get();
            if (request.drop() != null) {
                request.drop().forEach(executor::dropSession);
            }
            began(warmup);
            OutputBatcher batcher = request.stream() ? new OutputBatcher(request.id(), codec, flusher, 0)
                    : request.output() == null ? null
                    // One byte past the budget: the server learns that the stream went on past what it keeps.
                    : new OutputBatcher(request.id(), codec, flusher, request.output().inlineBytes() + 1);
            Running execution = new Running(request.id(), new RunHooks(batcher, () -> { }), new AtomicLong());
            // Registered before its thread starts, so a cancel frame finds it whenever it comes.
            running.put(request.id(), execution);
            runThreads.execute(() -> runOne(executor, warmup, request, execution, batcher));
        }
    }

    /** Runs one execution on its own thread and sends its result; a failure here ends the worker. */
    private void runOne(InProcessExecutor executor, WorkerWarmup warmup, WorkerMessages.Execute request,
            Running execution, OutputBatcher batcher) {
        try {
            InProcessExecutor.Run run;
            try {
                // The run's owner is its execution id: the server alone knows the caller, and a bridge call from an
                // interpreter naming another execution, or one no longer running, is refused.
                run = executor.run(new ExecutionRequest(request.code(), request.stdin(),
                        Duration.ofMillis(request.timeoutMs()), Long.toString(request.id()), request.session(),
                        request.reuse(), execution.hooks(), null, request.output()),
                        interpreter -> {
                            execution.interpreter().set(interpreter);
                            started(request.id(), interpreter);
                        });
            } finally {
                running.remove(request.id(), execution);
                if (batcher != null) {
                    batcher.close();
                }
                ended(warmup);
            }
            LOG.log(Level.FINE, "request {0} done: exit_code={1}", new Object[] {request.id(), run.result().exitCode()});
            codec.write(new WorkerMessages.FromWorker(WorkerMessages.Reply.finished(request.id(), run.result(),
                    executor.recycleReason(), run.warm(), takeBuilds(), executor.spares(), refusedCalls.getAndSet(0)), null, null));
        } catch (IOException | RuntimeException | Error e) {
            // As when the serving loop ran executions itself: the worker exits and the server sees it gone.
            if (runFailed.compareAndSet(null, e)) {
                requests.add(Optional.empty());
            }
        }
    }

    /** One more execution runs: the first stops any warm-up round (waiting until it has stopped). */
    private void began(WorkerWarmup warmup) {
        synchronized (runsTurn) {
            if (runs == 0) {
                warmup.pause();
            }
            runs++;
            if (ceiling != null) {
                ceiling.wake();
            }
        }
    }

    /** One execution fewer: after the last, warm-up rounds may run again once the worker has been quiet a while. */
    private void ended(WorkerWarmup warmup) {
        synchronized (runsTurn) {
            lastFinishedNanos = System.nanoTime();
            runs--;
            if (runs == 0) {
                warmup.resume();
            }
        }
    }

    private List<Long> takeBuilds() {
        List<Long> taken = new java.util.ArrayList<>();
        Long millis;
        while ((millis = builds.poll()) != null) {
            taken.add(millis);
        }
        return taken;
    }

    /**
     * A full collection once the worker has run nothing for a while and its heap grew since the last one (a load, a
     * warm-up round, spares rebuilt): the heap shrinks to its live data plus 30%, which the system gets back.
     */
    private void collectWhenIdle() {
        if (runs > 0 || !requests.isEmpty() || System.nanoTime() - lastFinishedNanos < IDLE_BEFORE_COLLECT_NANOS) {
            return;
        }
        java.lang.management.MemoryMXBean memory = java.lang.management.ManagementFactory.getMemoryMXBean();
        if (memory.getHeapMemoryUsage().getUsed() - usedAfterCollect < COLLECT_AFTER_GROWTH_BYTES) {
            return;
        }
        collectFully();
        usedAfterCollect = memory.getHeapMemoryUsage().getUsed();
    }

    /**
     * One full collection through the JVM's diagnostic command (GC.run): System.gc() does nothing in a worker
     * (WorkerLauncher: -XX:+DisableExplicitGC), so that the guest's gc.collect() makes one collection, not two.
     */
    private static void collectFully() {
        try {
            java.lang.management.ManagementFactory.getPlatformMBeanServer().invoke(
                    new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"), "gcRun",
                    new Object[] {null}, new String[] {String[].class.getName()});
        } catch (javax.management.JMException e) {
            LOG.log(Level.WARNING, "idle collection not made: {0}", e.getClass().getSimpleName());
        }
    }

    /** Nothing is running or waiting, and nothing has for a while: the moment for a warm-up round. */
    private boolean idle() {
        return runs == 0 && requests.isEmpty() && System.nanoTime() - lastFinishedNanos >= QUIET_BEFORE_WARMUP_NANOS
                && machineIdle();
    }

    /**
     * Whether the machine's cores are mostly free: another worker serving a caller (or any other process) needs
     * them more than this one's warm-up does. Unknown counts as free.
     */
    private static boolean machineIdle() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getCpuLoad() < MAX_CPU_LOAD_FOR_WARMUP;
        }
        return true;
    }

    private void started(long id, long interpreter) {
        try {
            codec.write(new WorkerMessages.FromWorker(WorkerMessages.Reply.startedNow(id, interpreter), null, null));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Reads every frame from the server: executions go to the serving loop, bridge replies to their callers. */
    private void readFrames() {
        try {
            while (true) {
                WorkerMessages.ToWorker frame = codec.read(WorkerMessages.ToWorker.class);
                if (frame.execute() != null) {
                    requests.add(Optional.of(frame.execute()));
                } else if (frame.cancel() != null) {
                    Running execution = running.get(frame.cancel().id());
                    if (execution != null) {
                        execution.hooks().cancel();
                    }
                } else if (frame.bridgeReply() != null) {
                    CompletableFuture<String> waiting = bridgeReplies.remove(frame.bridgeReply().callId());
                    if (waiting != null) {
                        waiting.complete(frame.bridgeReply().reply());
                    }
                }
            }
        } catch (IOException e) {
            requests.add(Optional.empty());
        }
    }

    /** Guest bridge calls: each interpreter names itself, and is answered only for the execution it runs now. */
    private HostCalls bridge() {
        return new HostCalls() {
            @Override
            public String call(String owner, String service, String method, String argsJson) {
                return refuse(service, "no interpreter named");
            }

            @Override
            public String call(String owner, long interpreter, String service, String method, String argsJson) {
                return callServer(owner, interpreter, service, method, argsJson);
            }
        };
    }

    private String refuse(String service, String why) {
        // Logged at the first and then at every doubling, so a guest cannot flood the log.
        if (Long.bitCount(refusedCalls.incrementAndGet()) == 1) {
            LOG.log(Level.WARNING, "bridge call to {0} refused: {1}", new Object[] {service, why});
        }
        return NOT_RUNNING;
    }

    /**
     * A guest's bridge call: sent to the server, which knows whose execution this is (the owner is not ours to
     * claim), when {@code execution} (the run's owner, see {@link #runOne}) runs now in {@code interpreter}; refused
     * here otherwise: an interpreter of an earlier execution, or of another execution running beside it, a guest
     * thread that outlived its run, an interpreter being built or closed.
     */
    private String callServer(String execution, long interpreter, String service, String method, String args) {
        Running running = runningAs(execution);
        if (running == null || interpreter == 0 || running.interpreter().get() != interpreter) {
            return refuse(service, running == null ? "its execution is not running" : "not its execution's interpreter");
        }
        long id = bridgeIds.incrementAndGet();
        CompletableFuture<String> reply = new CompletableFuture<>();
        bridgeReplies.put(id, reply);
        try {
            byte[] frame = codec.encode(new WorkerMessages.FromWorker(null,
                    new WorkerMessages.BridgeCall(id, running.id(), interpreter, service, method, args), null));
            if (frame.length > FrameLimits.BRIDGE_CALL_BYTES) {
                // Refused here as the host would: the server kills a worker that sends a larger frame.
                return ARGS_TOO_LARGE;
            }
            codec.writeEncoded(frame);
            return reply.get(BRIDGE_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (IOException | ExecutionException | TimeoutException e) {
            return "{\"error\":\"the host did not answer\",\"kind\":\"failed\"}";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "{\"error\":\"interrupted\",\"kind\":\"failed\"}";
        } finally {
            bridgeReplies.remove(id);
        }
    }

    /** The execution running now whose owner (its id as text) is {@code execution}, or null. */
    private Running runningAs(String execution) {
        long id;
        try {
            id = Long.parseLong(execution);
        } catch (NumberFormatException e) {
            return null;
        }
        Running running = this.running.get(id);
        return running != null && Long.toString(running.id()).equals(execution) ? running : null;
    }
}
