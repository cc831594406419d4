package dev.codeexec.sandbox.engine;

import dev.codeexec.sandbox.CodeExecutor;
import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.OutputPlan;
import dev.codeexec.sandbox.LatencyWindow;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.SandboxState;
import dev.codeexec.sandbox.SessionKey;
import dev.codeexec.sandbox.SessionNotice;
import dev.codeexec.sandbox.SessionTable;
import dev.codeexec.sandbox.Spares;
import dev.codeexec.sandbox.ProcessMemory;
import dev.codeexec.sandbox.Timing;
import dev.codeexec.sandbox.WarmCounters;
import dev.codeexec.workspace.WorkspaceRoot;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongConsumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs executions in confined contexts inside this JVM. Spare interpreters are built ahead of time in the background,
 * with the modules agents import first already imported ({@link SparePreload}), and rebuilt only while no execution
 * runs unless a run is waiting for one. A run without a session uses an idle warm interpreter of its tenant, reset to
 * a clean slate (see {@link GuestDriver}), or takes a spare, which joins the tenant's warm interpreters after the run
 * ({@link WarmPool}): a tenant's runs side by side each keep one. An interpreter never serves two tenants.
 * {@code fresh} runs use a fresh interpreter once and discard it. Defence in depth only: this mode cannot bound memory
 * or stop a guest stuck in a long builtin (see {@link dev.codeexec.sandbox.pool.ProcessExecutor}).
 */
public final class InProcessExecutor implements CodeExecutor {

    private static final Logger LOG = Logger.getLogger(InProcessExecutor.class.getName());
    /** How long an execution waits for the interpreter being pre-built before building its own. */
    private static final Duration WARM_WAIT = Duration.ofSeconds(30);

    private final SandboxContexts contexts;
    private final TimedRunner runner;
    /** The inline budget of a run whose request names none. */
    private final int inlineBytes;
    /** Interpreters built ahead of need, each confined to the workspace it was built for. */
    private final BlockingQueue<Ready> spares;
    /** The workspace the next pre-built interpreter is for: that of the latest run (a tenant's callers cluster). */
    private volatile WorkspaceRoot prebuildFor;
    private final ExecutorService warmer = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().name("sandbox-warmer").factory());
    private final SessionTable<PythonInterpreter> sessions;
    /** Each tenant's warm interpreters (keyed by {@link SessionKey#warm}). */
    private final WarmPool<PythonInterpreter> warm;
    private final WarmCounters warmCounters = new WarmCounters();
    /** The reasons {@link #recycleReason} gives for replacing a worker. */
    public static final String THREAD_STUCK = "a guest thread in it ignored cancellation";
    public static final String HEAP_STUCK =
            "its heap stayed full (sandbox.warm.heap-percent) after its warm interpreters were given back";
    private final int warmMaxRuns;
    private final int warmMaxHeld;
    private final HeapWatch heap;
    /** The heap stayed over its limit after the warm interpreters were given back (see {@link #recycleReason}). */
    private volatile boolean heapStuck;
    private final LongConsumer built;
    private final LatencyWindow buildTimes = new LatencyWindow(256);
    private final java.util.concurrent.atomic.AtomicInteger abandonedThreads = new java.util.concurrent.atomic.AtomicInteger();
    private final SparePreload preload;
    /** Executions running now and runs waiting for a spare: spares are built only while the first is zero or the second not. */
    private final Object quiet = new Object();
    private int running;
    private int waitingForSpare;
    private final java.util.concurrent.atomic.LongAdder sparesTaken = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder sparesBuilt = new java.util.concurrent.atomic.LongAdder();
    private volatile boolean warmedUp;
    /** Done when the first interpreter is built, or failed with why it could not be. */
    private final java.util.concurrent.CompletableFuture<Void> firstWarm = new java.util.concurrent.CompletableFuture<>();
    private volatile boolean closed;

    public InProcessExecutor(SandboxContexts contexts, SandboxSettings settings) {
        this(contexts, settings, HeapWatch.ofThisJvm(settings.warm().heapPercent()), millis -> { });
    }

    /** With {@code built} told how long each interpreter took to build (a worker passes the figures on). */
    public InProcessExecutor(SandboxContexts contexts, SandboxSettings settings, HeapWatch heap, LongConsumer built) {
        this.contexts = contexts;
        this.prebuildFor = contexts.workspace();
        this.heap = heap;
        this.built = built;
        this.inlineBytes = settings.inlineOutputBytes();
        this.runner = new TimedRunner(settings.cancelGrace());
        this.spares = new ArrayBlockingQueue<>(Math.max(1, settings.warmContexts()));
        this.sessions = new SessionTable<>(settings.maxSessionsPerTenant(),
                SandboxSettings.sessionBackstopTtl(settings.sessionIdleTtl()),
                entry -> entry.handle().close());
        this.warm = new WarmPool<>(settings.warm().idleTtl(), interpreter -> {
            if (closed) {
                interpreter.close();
            } else {
                warmer.execute(interpreter::close);
            }
        });
        this.warmMaxRuns = settings.warm().maxRuns();
        this.warmMaxHeld = settings.warm().maxPerWorker();
        this.preload = new SparePreload();
        for (int i = 0; i < Math.max(1, settings.warmContexts()); i++) {
            warmer.execute(this::addWarmInterpreter);
        }
    }

    /** A spare; {@code prepared} once the preload ran in it. */
    private record Ready(WorkspaceRoot root, PythonInterpreter interpreter, boolean prepared) {
    }

    private void addWarmInterpreter() {
        if (closed) {
            return;
        }
        try {
            awaitQuiet();
            WorkspaceRoot root = prebuildFor;
            PythonInterpreter interpreter = newInterpreter(root);
            // The first, and any built while a run waits for one, is offered at once and prepared afterwards unless
            // a run took it meanwhile: the run waits for the interpreter alone and imports only what it needs,
            // instead of ten modules (seconds of CPU in a worker still starting, docs/benchmarks.md), and new callers
            // arriving together are not each held up by the ten imports of the ones before them.
            boolean first = !firstWarm.isDone();
            boolean unprepared = first || sparesWanted();
            if (!unprepared) {
                prepare(interpreter);
            }
            Ready ready = new Ready(root, interpreter, !unprepared);
            if (!spares.offer(ready)) {
                interpreter.close();
                return;
            }
            sparesBuilt.increment();
            warmedUp = true;
            firstWarm.complete(null);
            if (first) {
                // Before any other interpreter is built, so they share their library modules' code.
                contexts.shareModuleCode();
            }
            if (unprepared) {
                warmer.execute(() -> prepareLater(ready));
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "could not pre-build a sandbox context: {0}", e.toString());
            firstWarm.completeExceptionally(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void prepare(PythonInterpreter interpreter) throws InterruptedException {
        try {
            awaitQuiet();
            preload.prepare(interpreter);
        } catch (RuntimeException | InterruptedException e) {
            interpreter.close();
            throw e;
        }
    }

    /** Prepares a spare offered unprepared, if no run has taken it since. */
    private void prepareLater(Ready spare) {
        if (closed || !spares.remove(spare)) {
            return;
        }
        try {
            prepare(spare.interpreter());
            if (!spares.offer(new Ready(spare.root(), spare.interpreter(), true))) {
                spare.interpreter().close();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "could not prepare a spare sandbox context: {0}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits while an execution runs and none waits for a spare: a spare built beside a run takes cores from it (a
     * build is seconds of CPU), and the next caller most likely arrives after the run, when the cores are free.
     */
    private void awaitQuiet() throws InterruptedException {
        synchronized (quiet) {
            while (running > 0 && waitingForSpare == 0 && !closed) {
                quiet.wait();
            }
        }
    }

    /** A run is waiting for a spare now. */
    private boolean sparesWanted() {
        synchronized (quiet) {
            return waitingForSpare > 0;
        }
    }

    private void changeQuiet(int runs, int waiting) {
        synchronized (quiet) {
            running += runs;
            waitingForSpare += waiting;
            quiet.notifyAll();
        }
    }

    private PythonInterpreter takeInterpreter(WorkspaceRoot root) {
        if (!root.path().equals(prebuildFor.path())) {
            // Interpreters built for another workspace would wait for that tenant's callers: build for this one now.
            prebuildFor = root;
            spares.removeIf(ready -> {
                boolean other = !ready.root().path().equals(root.path());
                if (other) {
                    warmer.execute(ready.interpreter()::close);
                }
                return other;
            });
        }
        // A prepared spare first: an unprepared one is only the worker's first, until the warmer prepares it.
        Ready ready = spares.stream().filter(Ready::prepared).findFirst().filter(spares::remove).orElseGet(spares::poll);
        warmer.execute(this::addWarmInterpreter);
        if (ready == null) {
            // One is being built right now; waiting for it is cheaper than building a second one beside it.
            changeQuiet(0, 1);
            long deadline = System.nanoTime() + WARM_WAIT.toNanos();
            try {
                while (ready != null ? !ready.root().path().equals(root.path()) : System.nanoTime() < deadline) {
                    if (ready != null) {
                        warmer.execute(ready.interpreter()::close);
                    }
                    ready = spares.poll(deadline - System.nanoTime(), java.util.concurrent.TimeUnit.NANOSECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ready = null;
            } finally {
                changeQuiet(0, -1);
            }
        }
        if (ready != null && ready.root().path().equals(root.path())) {
            sparesTaken.increment();
            return ready.interpreter();
        }
        return newInterpreter(root);
    }

    private PythonInterpreter newInterpreter(WorkspaceRoot root) {
        long start = System.nanoTime();
        PythonInterpreter interpreter = contexts.newInterpreter(root);
        long millis = (System.nanoTime() - start) / 1_000_000;
        buildTimes.record(millis);
        built.accept(millis);
        return interpreter;
    }

    @Override
    public ExecutionResult execute(ExecutionRequest request) {
        return execute(request, interpreter -> request.hooks().started());
    }

    /**
     * Runs one execution; {@code onGuestStart} hears the number of the interpreter running it when the guest code
     * starts, after any wait for an interpreter, so a worker can tell the server when its deadline begins and which
     * interpreter alone may call the bridge.
     */
    ExecutionResult execute(ExecutionRequest request, LongConsumer onGuestStart) {
        return run(request, onGuestStart).result();
    }

    /** A run's result and, for a warm run, what happened to the warm interpreters. */
    public record Run(ExecutionResult result, WarmCounters.Event warm) {
    }

    public Run run(ExecutionRequest request, LongConsumer onGuestStart) {
        sessions.evictIdle();
        changeQuiet(1, 0);
        try {
            return switch (request.reuse()) {
                case FRESH -> new Run(executeFresh(request, onGuestStart), null);
                case WARM -> executeWarm(request, onGuestStart);
                case SESSION -> new Run(executeInSession(request, onGuestStart), null);
                case END -> new Run(endSession(request, onGuestStart), null);
            };
        } finally {
            changeQuiet(-1, 0);
        }
    }

    /** Runs that took a spare interpreter, and spares built, since start. */
    public Spares spares() {
        return new Spares(sparesTaken.sum(), sparesBuilt.sum());
    }

    private OutputPlan output(ExecutionRequest request) {
        return request.output() != null ? request.output() : OutputPlan.inlineOnly(inlineBytes);
    }

    private ExecutionResult executeFresh(ExecutionRequest request, LongConsumer onGuestStart) {
        PythonInterpreter interpreter = takeInterpreter(contexts.root(request.workspace()));
        onGuestStart.accept(interpreter.id());
        TimedRunner.Outcome outcome = runner.run(interpreter, request, output(request), false);
        noteStuck(outcome);
        if (!outcome.threadStuck()) {
            warmer.execute(interpreter::close);
        }
        return outcome.result();
    }

    private Run executeWarm(ExecutionRequest request, LongConsumer onGuestStart) {
        int expired = warm.evictIdle();
        WarmPool.Held<PythonInterpreter> held = warm.take(request.session());
        boolean hit = held != null;
        int evicted = 0;
        if (!hit) {
            // Every warm interpreter holds heap: past the cap, those unused longest are given up.
            evicted = warm.trimTo(warmMaxHeld - 1);
            held = warm.adopt(request.session(), takeInterpreter(contexts.root(request.workspace())));
        }
        PythonInterpreter interpreter = held.interpreter();
        // Until the run says otherwise: a run that threw leaves its interpreter in a state nobody checked.
        WarmCounters.Recycle recycle = WarmCounters.Recycle.EXIT;
        boolean stuck = false;
        try {
            onGuestStart.accept(interpreter.id());
            // Not kept alive across a timeout: a warm interpreter stopped mid-run is replaced, never resumed.
            TimedRunner.Outcome outcome = runner.run(interpreter, request, output(request), false, held.runs() > 0);
            noteStuck(outcome);
            stuck = outcome.threadStuck();
            held.countRun();
            recycle = !outcome.interpreterAlive()
                    ? (outcome.result().timedOut() ? WarmCounters.Recycle.TIMEOUT : WarmCounters.Recycle.EXIT)
                    : outcome.recycle() ? WarmCounters.Recycle.MEMORY
                    : held.runs() >= warmMaxRuns ? WarmCounters.Recycle.MAX_RUNS
                    : heap.overLimit() ? WarmCounters.Recycle.HEAP : null;
            if (recycle == WarmCounters.Recycle.HEAP) {
                // The heap is the worker's, and the other warm interpreters are caches too: they give it back
                // before a run runs out of it. (Only the run's own interpreter went: it ran last, and the others,
                // idle, kept filling the heap until a small run in a warm worker met a MemoryError.)
                evicted += warm.trimTo(0);
                // Still over after they were given back: the heap is held by what cannot be given back (sessions,
                // spares, the engine). A new worker is the way out, before a run dies of a MemoryError here.
                heapStuck |= heap.stuckOver();
            }
            WarmCounters.Event event = new WarmCounters.Event(hit, recycle, evicted, expired);
            warmCounters.record(event);
            return new Run(outcome.result(), event);
        } finally {
            if (recycle == null) {
                warm.giveBack(held);
            } else {
                warm.discard(held);
                if (!stuck) {
                    warmer.execute(interpreter::close);
                }
            }
        }
    }

    private ExecutionResult executeInSession(ExecutionRequest request, LongConsumer onGuestStart) {
        String lossNotice = sessions.takeLossNotice(request.session());
        SessionTable.Entry<PythonInterpreter> entry = sessions.find(request.session());
        if (entry == null) {
            entry = sessions.create(request.session(), () -> takeInterpreter(contexts.root(request.workspace())));
        }
        entry.lock();
        try {
            onGuestStart.accept(entry.handle().id());
            TimedRunner.Outcome outcome = runner.run(entry.handle(), request, output(request), true);
            noteStuck(outcome);
            entry.markUsed();
            if (!outcome.interpreterAlive()) {
                sessions.lose(entry, "its interpreter was stopped by the previous execution (timeout or exit)");
                if (!outcome.threadStuck()) {
                    warmer.execute(entry.handle()::close);
                }
            }
            return SessionNotice.prepend(outcome.result(), request.session(), lossNotice);
        } finally {
            entry.unlock();
        }
    }

    /** The session's last run, then it is gone; nothing runs for a session this worker does not hold. */
    private ExecutionResult endSession(ExecutionRequest request, LongConsumer onGuestStart) {
        sessions.takeLossNotice(request.session());
        SessionTable.Entry<PythonInterpreter> entry = sessions.find(request.session());
        if (entry == null) {
            return ExecutionResult.nothingRan();
        }
        entry.lock();
        try {
            if (!sessions.holds(entry)) {
                // Dropped or lost while this waited for the run before it.
                return ExecutionResult.nothingRan();
            }
            onGuestStart.accept(entry.handle().id());
            TimedRunner.Outcome outcome = runner.run(entry.handle(), request, output(request), false);
            noteStuck(outcome);
            sessions.discard(entry);
            if (!outcome.threadStuck()) {
                warmer.execute(entry.handle()::close);
            }
            return outcome.result();
        } finally {
            entry.unlock();
        }
    }

    private void noteStuck(TimedRunner.Outcome outcome) {
        if (outcome.threadStuck()) {
            int n = abandonedThreads.incrementAndGet();
            LOG.log(Level.WARNING, "a guest thread did not stop after cancellation and was abandoned ({0} so far); "
                    + "only process isolation can reclaim it", n);
        }
    }

    /**
     * Why this worker should be replaced, or null: a guest thread ignored cancellation and holds a CPU, or its heap
     * stayed full after the warm interpreters were given back.
     */
    public String recycleReason() {
        return abandonedThreads.get() > 0 ? THREAD_STUCK : heapStuck ? HEAP_STUCK : null;
    }

    /** Guest threads that ignored cancellation (stuck in a long builtin) and still hold a CPU. */
    public int abandonedThreads() {
        return abandonedThreads.get();
    }

    /** Drops a session the server let go (it expired idle) without a last run; true when this held it. */
    public boolean dropSession(SessionKey key) {
        return sessions.drop(key);
    }

    /**
     * Blocks until one interpreter is ready (the worker reports ready only then), however long a loaded machine
     * takes: the server owns the start timeout and kills a worker that exceeds it.
     */
    public void awaitWarm() {
        // One ready interpreter is enough to serve; the others keep building while the worker works.
        try {
            firstWarm.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("no interpreter could be built: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public SandboxState state() {
        return new SandboxState("in-process", 0, 0, 0, 0, sessions.size(), abandonedThreads.get(),
                warmCounters.hits(), warmCounters.misses(), warmCounters.recycles(), Timing.NONE,
                buildTimes.timing(), spares(), ProcessMemory.NONE, 0, 0);
    }

    @Override
    public boolean warmedUp() {
        return warmedUp;
    }

    @Override
    public void close() {
        closed = true;
        changeQuiet(0, 0);
        warmer.shutdownNow();
        sessions.dropAll();
        warm.dropAll();
        Ready ready;
        while ((ready = spares.poll()) != null) {
            ready.interpreter().close();
        }
        runner.close();
    }
}
