package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.CodeExecutor;
import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.SandboxState;
import dev.codeexec.sandbox.SessionKey;
import dev.codeexec.sandbox.SessionNotice;
import dev.codeexec.sandbox.SessionTable;
import dev.codeexec.sandbox.Spares;
import dev.codeexec.sandbox.ProcessMemory;
import dev.codeexec.sandbox.WarmCounters;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.protocol.FrameLimits;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import dev.codeexec.workspace.WorkspaceRoot;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs every execution in a pool of pre-started, pre-warmed worker JVMs, each serving one tenant and taking up to
 * sandbox.worker.concurrent-runs of its runs at once; {@link WorkerPlacement} decides which worker. A worker that
 * overruns a deadline, runs out of heap or dies is killed with its whole process tree and replaced in the
 * background; its callers still get well-formed results, and only its own tenant's sessions on it are lost.
 */
public final class ProcessExecutor implements CodeExecutor {

    private static final Logger LOG = Logger.getLogger(ProcessExecutor.class.getName());
    /** Time for the worker's own timeout reply to reach us before we stop waiting and kill it. */
    private static final Duration REPLY_MARGIN = Duration.ofSeconds(2);

    private final SandboxSettings settings;
    private final WorkerPlacement placement;
    private final EarlyWorker early;
    private final AtomicLong bridgeRefused = new AtomicLong();
    /** Warm-interpreter hits, misses and recycles, as the workers report them with each run. */
    private final WarmCounters warmCounters = new WarmCounters();
    private final ExecutorService bridgeThreads = Executors.newCachedThreadPool(Thread.ofPlatform().daemon().name("sandbox-bridge").factory());

    /**
     * @param served the workspaces of the tenants callers can reach, in the order their first workers start
     * @param shares how the running slots are shared between tenants
     * @param hidden what the unshare OS sandbox must hide from workers: the data directory and every workspace
     * @param early    the worker launched with the server, which the first start takes if it runs the same command
     */
    public ProcessExecutor(SandboxSettings settings, WorkspaceRoot workspace, List<Path> served, SlotShares shares,
            HostCalls host, WorkerRuntime runtime, OsSandbox osSandbox, List<Path> hidden, EarlyWorker early) {
        this.settings = settings;
        this.early = early;
        WorkerLauncher launcher = new WorkerLauncher(settings, runtime, osSandbox, hidden);
        launcher.aot().ifPresent(cache -> LOG.log(Level.INFO,
                "sandbox workers'' ahead-of-time cache: {0}", cache.describe()));
        int maxFrame = FrameLimits.fromWorker(dev.codeexec.sandbox.ExecutionLimits.MAX_INLINE_BYTES);
        this.placement = new WorkerPlacement(settings, workspace.path(), served, (number, tenant, how, pool) ->
                WorkerProcess.start(number, early.start(launcher.processBuilder(tenant, how)), host, bridgeThreads,
                        pool.contextBuilds::record, maxFrame, broken -> pool.retire(broken, "it broke the worker protocol"),
                        bridgeRefused::addAndGet),
                // The pool is full: record the workers' ahead-of-time cache once, for later starts.
                () -> launcher.aot().filter(WorkerAotCache::missing)
                        .ifPresent(cache -> placementBackground(() -> cache.train(launcher::trainingBuilder))), totalMemory(),
                launcher.quickStart(), shares);
    }

    /** The machine's memory, or the container's limit (the JDK reads the cgroup's). */
    private static long totalMemory() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getTotalMemorySize() : Long.MAX_VALUE;
    }

    private void placementBackground(Runnable task) {
        placement.background(task);
    }

    @Override
    public ExecutionResult execute(ExecutionRequest request) {
        try {
            return dispatchRun(request);
        } catch (WorkerPlacement.CancelledWhileWaiting e) {
            request.hooks().note(true, ExecutionResult.CANCELLED_BEFORE_START);
            return ExecutionResult.cancelledBeforeStart();
        }
    }

    private ExecutionResult dispatchRun(ExecutionRequest request) {
        SessionTable<WorkerProcess> sessions = placement.sessions;
        sessions.evictIdle();
        if (request.reuse() == ExecutionRequest.Reuse.END) {
            return endSession(request);
        }
        if (request.reuse() != ExecutionRequest.Reuse.SESSION) {
            // Every worker of the tenant keeps warm interpreters for it: any free one will do.
            return runOn(placement.takeAny(request), request);
        }
        String lossNotice = sessions.takeLossNotice(request.session());
        while (true) {
            SessionTable.Entry<WorkerProcess> entry = sessions.find(request.session());
            if (entry == null) {
                // Chosen before entering the session table, so waiting for a worker never blocks other sessions.
                WorkerProcess pinned = placement.leastPinnedWorker(request);
                entry = sessions.create(request.session(), () -> pinned);
            }
            entry.lock();
            try {
                Lane worker = placement.take(entry.handle(), request);
                if (worker == null) {
                    // Its worker died while we waited; the loss was recorded, so start over on a fresh one.
                    lossNotice = sessions.takeLossNotice(request.session());
                    continue;
                }
                if (lossNotice != null) {
                    // Streamed first, as the result puts it first.
                    request.hooks().note(true, SessionNotice.text(request.session(), lossNotice));
                }
                ExecutionResult result = runOn(worker, request);
                entry.markUsed();
                return SessionNotice.prepend(result, request.session(), lossNotice);
            } finally {
                entry.unlock();
            }
        }
    }

    /** The session's last run on its worker, which then drops it; nothing runs for a session no worker holds. */
    private ExecutionResult endSession(ExecutionRequest request) {
        SessionTable<WorkerProcess> sessions = placement.sessions;
        SessionTable.Entry<WorkerProcess> entry = sessions.find(request.session());
        if (entry == null) {
            sessions.takeLossNotice(request.session());
            return ExecutionResult.nothingRan();
        }
        entry.lock();
        try {
            Lane worker = sessions.holds(entry) ? placement.take(entry.handle(), request) : null;
            // A worker lost meanwhile took the session with it: nothing is left to end.
            ExecutionResult result = worker == null ? ExecutionResult.nothingRan() : runOn(worker, request);
            sessions.discard(entry);
            sessions.takeLossNotice(request.session());
            return result;
        } finally {
            entry.unlock();
        }
    }

    private ExecutionResult runOn(Lane lane, ExecutionRequest request) {
        WorkerProcess worker = lane.worker();
        long start = System.nanoTime();
        Duration stopWait = settings.cancelGrace().plus(settings.cancelGrace()).plus(REPLY_MARGIN);
        Duration hardDeadline = request.timeout().plus(stopWait);
        // No answer a quarter of the grace past the deadline: the guest ignored its cancellation, and its worker goes
        // once the grace is over. Its replacement starts now instead of then.
        WorkerProcess.Overrun overrun = new WorkerProcess.Overrun(
                request.timeout().plus(settings.cancelGrace().dividedBy(4)),
                () -> placement.replaceOverrun(worker, "a run on it ignored the cancellation at its deadline"));
        RecordedOutput recorded = new RecordedOutput(request.output() == null ? 0 : request.output().inlineBytes());
        try {
            WorkerMessages.Reply reply = worker.execute(request, placement.takeDrops(worker), settings.worker().startTimeout(),
                    hardDeadline, stopWait, overrun, recorded);
            if (reply.spares() != null) {
                placement.noteSpares(worker, reply.spares());
            }
            if (reply.warm() != null) {
                warmCounters.record(reply.warm());
            }
            if (reply.recycle() != null) {
                // Before the lane goes back: no run may take it meanwhile; this run's own lane counts until then.
                placement.retireWhenFree(worker, reply.recycle());
            }
            placement.release(lane, false);
            return reply.fullResult();
        } catch (TimeoutException e) {
            lostWarm(request);
            if (request.hooks().cancelRequested()) {
                placement.retire(worker, "its worker process was killed after a cancellation it did not obey");
                return killed(request, recorded, start, ExecutionResult.EXIT_CANCELLED, false, "Cancelled: "
                        + "execution did not stop within the cancel grace, so its sandbox process was killed; "
                        + lost(request, recorded));
            }
            placement.retire(worker, "its worker process was killed at the deadline");
            return killed(request, recorded, start, ExecutionResult.EXIT_KILLED, true, "TimeoutError: execution did "
                    + "not stop within its timeout of " + request.timeout().toSeconds() + " s (timeout_s), so its "
                    + "sandbox process was killed; " + lost(request, recorded));
        } catch (WorkerProcess.WorkerGone e) {
            lostWarm(request);
            placement.retire(worker, "its worker process died");
            String why = e.outOfMemory
                    ? "MemoryError: execution exceeded the sandbox memory limit of " + settings.worker().heapMb()
                            + " MiB" + (settings.worker().concurrentRuns() > 1 ? " (shared by the runs on its worker)"
                                    : "") + ", so its sandbox process was stopped; " + lost(request, recorded)
                    : e.tooManyThreads ? "SandboxError: a run on this worker started more threads than its sandbox "
                            + "process may have alive (sandbox.worker.max-threads=" + settings.worker().maxThreads()
                            + "), so its sandbox process was stopped; " + lost(request, recorded)
                    : e.sibling ? "SandboxError: " + e.getMessage() + " (this run with it); " + lost(request, recorded)
                            + ", and the run can be sent again"
                    : "SandboxError: the sandbox process died during the execution (" + e.getMessage() + "); "
                            + lost(request, recorded);
            return killed(request, recorded, start, ExecutionResult.EXIT_KILLED, false, why);
        }
    }

    /**
     * What of a run's output its worker's death lost: what the worker had not yet passed on, and what the recording
     * did not keep when a stream went past it. A streamed run's pages (a background run's) keep that.
     */
    private static String lost(ExecutionRequest request, RecordedOutput recorded) {
        return request.hooks().streams() || request.output() == null || !recorded.cut()
                ? "output of its last fraction of a second is lost"
                : "output of its last fraction of a second, and past the first " + request.output().inlineBytes()
                        + " bytes of a stream, is lost";
    }

    private void lostWarm(ExecutionRequest request) {
        if (request.reuse() == ExecutionRequest.Reuse.WARM) {
            warmCounters.recycled(WarmCounters.Recycle.WORKER_LOST, 1);
        }
    }

    /** The result of a run whose worker died under it: what it had printed, as recorded, then why. */
    private static ExecutionResult killed(ExecutionRequest request, RecordedOutput recorded, long startNanos, int exit,
            boolean timedOut, String message) {
        long millis = Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
        request.hooks().note(true, message + "\n");
        String stderr = recorded.stderr();
        return new ExecutionResult(recorded.stdout(), stderr + (stderr.isEmpty() || stderr.endsWith("\n") ? "" : "\n")
                + message + "\n", exit, millis, recorded.cut(), timedOut);
    }

    @Override
    public int waiting() {
        return placement.waiting();
    }

    @Override
    public boolean warmedUp() {
        return placement.warmedUp();
    }

    @Override
    public SandboxState state() {
        WorkerPlacement.Counts workers = placement.counts();
        // Read outside the placement's lock: the kernel walks each process's page tables.
        ProcessMemory memory = placement.pids().stream().map(ProcessMemory::ofTree)
                .reduce(ProcessMemory.NONE, ProcessMemory::plus);
        return new SandboxState("process", workers.live(), workers.idle(), workers.starting() + workers.queued(), workers.replaced(),
                placement.sessions.size(), 0, warmCounters.hits(), warmCounters.misses(),
                warmCounters.recycles(), placement.starts.timing(), placement.contextBuilds.timing(),
                placement.spares(), memory, bridgeRefused.get(), workers.tenantSwitches());
    }

    @Override
    public void close() {
        placement.close();
        early.close();
        bridgeThreads.shutdownNow();
    }
}
