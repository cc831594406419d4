package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.SandboxBusyException;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.SessionKey;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.protocol.FrameLimits;
import dev.codeexec.workspace.WorkspaceQuota;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The pool's placement with stand-in workers ({@link IdleWorker}: ready, and nothing more): which waiting
 * run a worker that comes free goes to, and for which tenant each worker was started. Nothing is executed; a
 * worker taken and not yet released stands for a running execution.
 */
@Execution(ExecutionMode.CONCURRENT)
class WorkerPlacementTest {

    private static final Duration PATIENCE = Duration.ofSeconds(60);
    /** Long enough that the pool's own housekeeping never stops a worker during a test: the tests call stopIdle. */
    private static final Duration IDLE_STOP = Duration.ofHours(1);

    @TempDir
    Path dir;

    /** The tenant (workspace) each worker was started for. */
    private final Map<WorkerProcess, Path> startedFor = new ConcurrentHashMap<>();
    private final ExecutorService callers = Executors.newCachedThreadPool();
    private WorkerPlacement placement;

    /** Milliseconds a stand-in worker waits before it says it is ready. */
    private long readyAfterMs;
    /** When set, stand-in workers started from then on say they are ready only once this file exists. */
    private volatile Path gate;
    /** sandbox.max-workers: by default one per served tenant or running slot, and a spare. */
    private OptionalInt maxWorkers = OptionalInt.empty();
    /** sandbox.worker.concurrent-runs: one run per worker unless a test says otherwise. */
    private int concurrentRuns = 1;
    /** sandbox.fair-share.tenant-slots: the default (one less than the slots when several tenants are served). */
    private OptionalInt tenantSlots = OptionalInt.empty();
    /** Whether the first worker may start quick (ProcessExecutor says so when workers have no Truffle compiler). */
    private boolean quickFirst;
    /** Whether the stand-in workers fail to start, as under an OS sandbox that cannot build its mounts. */
    private volatile boolean failStarts;
    /** The tenants whose stand-in workers fail to start, whatever {@link #failStarts} says. */
    private final java.util.Set<Path> failingTenants = ConcurrentHashMap.newKeySet();
    /** How each worker was started. */
    private final Map<WorkerProcess, WorkerStart> startedAs = new ConcurrentHashMap<>();

    private WorkerPlacement placement(int slots) {
        return placement(slots, PATIENCE, List.of(dir.resolve("local")));
    }

    private WorkerPlacement placement(int slots, Duration startTimeout, List<Path> served) {
        Path ready = readyFrame();
        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.PROCESS, dir.resolve("local"),
                Path.of("python-packages"), 1 << 16, 16, 1, slots, 0, maxWorkers, Duration.ofSeconds(1), 8, Duration.ofMinutes(30),
                new SandboxSettings.Warm(3, Duration.ofMinutes(1), 2, 100),
                new SandboxSettings.Worker(256, 0, 0, startTimeout, List.of(), Optional.empty(), Optional.empty(),
                        SandboxSettings.Jit.AUTO, Optional.empty(), 0, SandboxSettings.OsSandboxMode.AUTO,
                        dir.resolve("polyglot-resources"), IDLE_STOP, concurrentRuns),
                new WorkspaceQuota(1 << 20, 1 << 24, 100, 32));
        HostCalls host = (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}";
        placement = new WorkerPlacement(settings, dir.resolve("local"), served, (number, tenant, how, pool) -> {
            if (failStarts || failingTenants.contains(tenant.toAbsolutePath().normalize())) {
                throw new java.io.IOException("worker " + number + " closed its channel");
            }
            Process process = new ProcessBuilder(IdleWorker.command(ready, readyAfterMs, gate)).start();
            WorkerProcess worker = new WorkerProcess(number, process, host, Runnable::run, millis -> { },
                    FrameLimits.fromWorker(1 << 20), broken -> { }, refused -> { });
            startedFor.put(worker, tenant);
            startedAs.put(worker, how);
            return worker;
        }, () -> { }, Long.MAX_VALUE, quickFirst, SlotShares.of(slots, tenantSlots, served.size()));
        return placement;
    }

    private Path readyFrame() {
        try {
            return IdleWorker.readyFrame(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static ExecutionRequest runOf(Path tenant) {
        return new ExecutionRequest("pass", "", Duration.ofSeconds(5), "caller", null, ExecutionRequest.Reuse.FRESH,
                null, tenant, null);
    }

    private CompletableFuture<Lane> takeLater(Path tenant) {
        return CompletableFuture.supplyAsync(() -> placement.takeAny(runOf(tenant)), callers);
    }

    @AfterEach
    void stop() {
        callers.shutdownNow();
        if (placement != null) {
            placement.close();
        }
    }

    /**
     * Tenant B holds both running slots and has a third run waiting when tenant A's first run arrives. The slot
     * B gives back goes to A, not to B's waiting run (mutation-checked: without the share cap in dispatch, B's
     * run takes it and A's waits), and each worker was started for the tenant it serves.
     */
    @Test
    void aSlotThatComesFreeGoesToTheWaitingTenant() throws Exception {
        placement(2);
        Path a = dir.resolve("tenant-a");
        Path b = dir.resolve("tenant-b");
        Lane b1 = placement.takeAny(runOf(b));
        Lane b2 = placement.takeAny(runOf(b));
        CompletableFuture<Lane> bThird = takeLater(b);
        Awaitility.await().atMost(PATIENCE).until(() -> placement.waiting() == 1);
        CompletableFuture<Lane> aFirst = takeLater(a);
        Awaitility.await().atMost(PATIENCE).until(() -> placement.waiting() == 2);

        placement.release(b1, false);
        CompletableFuture.anyOf(aFirst, bThird).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertTrue(aFirst.isDone(), "the slot went to the tenant that already held the other one");
        assertFalse(bThird.isDone(), "both slots are taken: B's third run must still wait");

        Lane forA = aFirst.get();
        placement.release(forA, false);
        Lane forB = bThird.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(b, startedFor.get(b1.worker()));
        assertEquals(b, startedFor.get(b2.worker()));
        assertEquals(a, startedFor.get(forA.worker()), "A's run was given a worker started for another tenant");
        assertEquals(b, startedFor.get(forB.worker()), "B's run was given a worker started for another tenant");
    }

    /** A run that names no workspace is the local tenant's, and the initial pool was started for it. */
    @Test
    void theInitialPoolIsTheLocalTenants() {
        placement(2);
        Lane local = placement.takeAny(runOf(null));
        assertEquals(dir.resolve("local"), startedFor.get(local.worker()));
    }

    /**
     * With five tenants served and two running slots, more tenants than the running slots and the spare together,
     * the initial pool is one worker for each of them, so every tenant's first run finds its worker ready: nothing
     * more is started and no worker is recycled for another tenant (mutation-checked: with the pool bounded at the
     * running slots and one spare, as it was, two tenants' first runs wait for starts that recycle others' workers).
     */
    @Test
    void eachServedTenantFindsItsWorkerReadyAtItsFirstRun() {
        List<Path> tenants = List.of("a", "b", "c", "d", "e").stream().map(t -> dir.resolve("tenant-" + t)).toList();
        placement(2, PATIENCE, tenants);
        Awaitility.await().atMost(PATIENCE).until(() -> placement.counts().starting() + placement.counts().queued() == 0);
        assertEquals(tenants.size(), placement.counts().idle(), "the initial pool has a worker for each tenant");
        for (Path tenant : tenants) {
            Lane worker = placement.takeAny(runOf(tenant));
            assertEquals(tenant, startedFor.get(worker.worker()));
            placement.release(worker, false);
        }
        WorkerPlacement.Counts counts = placement.counts();
        assertEquals(tenants.size(), counts.live(), "one worker for each tenant");
        assertEquals(0, counts.starting(), "no tenant needed a worker started at its first run");
        assertEquals(0, counts.tenantSwitches());
        assertEquals(tenants.size(), startedFor.size());
    }

    /**
     * Bounded by sandbox.max-workers below one worker per tenant, a tenant without a worker gets one in the place
     * of another tenant's idle worker, which is recycled; the pool never holds more than the bound.
     */
    @Test
    void pastMaxWorkersATenantsFirstRunRecyclesAnotherTenantsIdleWorker() {
        maxWorkers = OptionalInt.of(3);
        List<Path> tenants = List.of("a", "b", "c", "d").stream().map(t -> dir.resolve("tenant-" + t)).toList();
        placement(2, PATIENCE, tenants);
        awaitPoolStarted(3);
        Lane forD = placement.takeAny(runOf(tenants.get(3)));
        assertEquals(tenants.get(3), startedFor.get(forD.worker()));
        WorkerPlacement.Counts counts = placement.counts();
        assertEquals(3, counts.live());
        assertEquals(1, counts.tenantSwitches());
        assertEquals(4, startedFor.size());
    }

    /**
     * A tenant whose first run comes before the initial pool reached its worker gets one started at once, and the
     * initial pool does not start another for it later (mutation-checked: without taking the tenant's initial place,
     * the pool ends with two workers for it and four in all).
     */
    @Test
    void aRunThatStartsItsTenantsWorkerTakesThatTenantsPlaceInTheInitialPool() throws Exception {
        readyAfterMs = 500;
        Path a = dir.resolve("tenant-a");
        Path b = dir.resolve("tenant-b");
        Path c = dir.resolve("tenant-c");
        placement(2, PATIENCE, List.of(a, b, c));
        Lane forC = takeLater(c).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(c, startedFor.get(forC.worker()));
        placement.release(forC, false);
        Awaitility.await().atMost(PATIENCE).until(() -> placement.counts().starting() + placement.counts().queued() == 0);
        assertEquals(3, placement.counts().live(), "one worker for each tenant: " + startedFor.values());
    }

    /**
     * With the pool's places full, a tenant that needs a second worker gets it in the place of a worker whose tenant
     * keeps another, not of a tenant's last one, whose next call would wait for a start (mutation-checked: ordered
     * by sessions and state alone, C's only worker, idle longest, was recycled). Each tenant may hold both slots here,
     * so that one tenant needs a second worker.
     */
    @Test
    void aFullPoolRecyclesAWorkerWhoseTenantKeepsAnother() throws Exception {
        tenantSlots = OptionalInt.of(2);
        Path a = dir.resolve("tenant-a");
        Path b = dir.resolve("tenant-b");
        Path c = dir.resolve("tenant-c");
        placement(2, PATIENCE, List.of(a, b, c));
        Awaitility.await().atMost(PATIENCE).until(() -> placement.counts().starting() + placement.counts().queued() == 0);
        Lane a1 = placement.takeAny(runOf(a));
        Lane a2 = placement.takeAny(runOf(a)); // started in the spare place: the pool is full
        placement.release(a1, false);
        placement.release(a2, false);
        assertEquals(4, placement.counts().live());
        Lane b1 = placement.takeAny(runOf(b));
        Lane b2 = placement.takeAny(runOf(b));
        assertEquals(b, startedFor.get(b2.worker()));
        assertEquals(1, placement.counts().tenantSwitches());
        placement.release(b1, false);
        placement.release(b2, false);
        long startsBefore = startedFor.size();
        Lane forC = placement.takeAny(runOf(c));
        assertEquals(c, startedFor.get(forC.worker()));
        assertEquals(startsBefore, startedFor.size(), "C's only worker was recycled: its run waited for a start");
    }

    @Test
    void maxWorkersBelowTheRunningSlotsAndOneSpareIsRefusedNamingTheSetting() {
        maxWorkers = OptionalInt.of(2);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> placement(2, PATIENCE, List.of(dir.resolve("local"))));
        assertEquals("sandbox.max-workers must be at least one more than the workers sandbox.max-concurrent needs at "
                + "sandbox.worker.concurrent-runs each (3), got 2", refused.getMessage());
    }

    @Test
    void workersTakingTwoRunsEachNeedHalfAsManyPlaces() {
        concurrentRuns = 2;
        maxWorkers = OptionalInt.of(3);
        placement(4, PATIENCE, List.of(dir.resolve("local")));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> placement(5, PATIENCE, List.of(dir.resolve("local"))));
        assertTrue(refused.getMessage().endsWith("(4), got 3"), refused.getMessage());
    }

    /**
     * With two runs per worker, a tenant's two running slots are one worker's two lanes: the initial pool starts one
     * worker, a second run goes beside the first instead of waiting for a start (mutation-checked: with one lane per
     * worker, the second run starts a second worker), and a third waits for a lane to come free.
     */
    @Test
    void aTenantsSecondRunGoesBesideItsFirstOnOneWorker() throws Exception {
        concurrentRuns = 2;
        placement(2);
        Lane first = placement.takeAny(runOf(null));
        Lane second = placement.takeAny(runOf(null));
        assertEquals(first.worker(), second.worker());
        assertNotEquals(first.index(), second.index());
        CompletableFuture<Lane> third = takeLater(null);
        Awaitility.await().atMost(PATIENCE).until(() -> placement.waiting() == 1);
        assertEquals(1, startedFor.size(), "a second worker was started while the first had a free lane");
        assertEquals(0, placement.counts().starting() + placement.counts().queued(), "the pool wants a second worker");
        assertFalse(third.isDone(), "a third run ran beside two in two running slots");
        placement.release(second, false);
        assertEquals(second, third.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertEquals(1, placement.counts().live());
    }

    /**
     * A worker that asks to be replaced while another run is on it is replaced once that run is over, not killed
     * under it, and takes no new run or session meanwhile (mutation-checked: retiring at once kills the running
     * lane's worker; without draining, the waiting run is given the asking worker's free lane; a new session was
     * pinned to it).
     */
    @Test
    void aWorkerAskingToBeReplacedFinishesItsOtherRunFirst() throws Exception {
        concurrentRuns = 2;
        placement(2);
        Lane asking = placement.takeAny(runOf(null));
        Lane other = placement.takeAny(runOf(null));
        // The next worker (started as the first run ends) is held until the checks below: the worker being replaced is
        // then the only one a new session could be pinned to.
        gate = dir.resolve("gate");
        placement.retireWhenFree(asking.worker(), "test");
        placement.release(asking, false);
        CompletableFuture<WorkerProcess> newSession = CompletableFuture.supplyAsync(
                () -> placement.leastPinnedWorker(runOf(null)), callers);
        CompletableFuture<Lane> next = takeLater(null);
        Awaitility.await().atMost(PATIENCE).until(() -> placement.waiting() == 2 || newSession.isDone());
        assertFalse(newSession.isDone(), "a new session was pinned to the worker being replaced");
        assertTrue(asking.worker().alive(), "the worker was killed under its other run");
        assertEquals(0, placement.counts().replaced());
        placement.release(other, false);
        java.nio.file.Files.createFile(gate);
        Lane replacement = next.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertNotSame(asking.worker(), replacement.worker());
        assertEquals(1, placement.counts().replaced());
        assertNotSame(asking.worker(), newSession.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        Awaitility.await().atMost(PATIENCE).until(() -> !asking.worker().alive());
    }

    /**
     * A run pinned to its session's worker takes that worker's free lane wherever the lane stands among the tenant's
     * idle ones. Only the first lanes, as many as there were free running slots, used to be offered: with two free
     * slots and the pinned worker's lane third, the run waited with every other worker idle until some run ended
     * (found as execute_code(session="new") hanging after a tenant's two earlier sessions; mutation-checked: offering
     * the first lanes only, this times out).
     */
    @Test
    void aRunPinnedToItsSessionsWorkerTakesItsLaneWhereverTheLaneStandsInLine() throws Exception {
        concurrentRuns = 2;
        placement(3); // two workers of two lanes: more lanes than running slots
        Awaitility.await().atMost(PATIENCE).until(() -> placement.counts().live() == 2
                && placement.counts().starting() + placement.counts().queued() == 0);
        List<Lane> taken = List.of(placement.takeAny(runOf(null)), placement.takeAny(runOf(null)),
                placement.takeAny(runOf(null)));
        // Three of four lanes: one worker has two of them, the pinned one has one, its other lane idle.
        WorkerProcess pinned = taken.stream().map(Lane::worker)
                .filter(w -> taken.stream().filter(l -> l.worker() == w).count() == 1).findFirst().orElseThrow();
        // The other worker's lanes go back to the front of the line, ahead of the pinned worker's idle lane.
        taken.stream().filter(l -> l.worker() != pinned).forEach(l -> placement.release(l, true));
        Lane session = CompletableFuture.supplyAsync(() -> placement.take(pinned, runOf(null)), callers)
                .get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertSame(pinned, session.worker());
    }

    /** A session's run takes a free lane of its worker while a run of another caller holds the other lane. */
    @Test
    void aSessionRunsBesideAnotherRunOnItsWorker() {
        concurrentRuns = 2;
        placement(2);
        Lane busy = placement.takeAny(runOf(null));
        Lane session = placement.take(busy.worker(), runOf(null));
        assertEquals(busy.worker(), session.worker());
        assertNotEquals(busy.index(), session.index());
    }

    /**
     * The initial pool's first worker goes straight to the run that waited for it (the first call after a start):
     * the next worker starts when that run ends, not beside it (mutation-checked: without the hold in
     * continueInitialPool, the second start has begun when the first run gets its worker).
     */
    @Test
    void theNextInitialWorkerWaitsForTheFirstRunToEnd() {
        readyAfterMs = 1_000; // the run below is waiting when the first worker becomes ready
        placement(2);
        Lane first = placement.takeAny(runOf(null));
        WorkerPlacement.Counts held = placement.counts();
        assertEquals(0, held.starting(), "a second worker started beside the first run");
        assertEquals(1, held.queued());
        placement.release(first, false);
        WorkerPlacement.Counts resumed = placement.counts();
        assertEquals(1, resumed.starting() + resumed.live() - 1, "the run ended: the next worker starts");
        assertEquals(0, resumed.queued());
        awaitPoolStarted(2);
    }

    /** Held back, the initial pool's next worker starts as soon as another run waits (load, not a first call). */
    @Test
    void aSecondRunWaitingStartsTheNextInitialWorkerAtOnce() throws Exception {
        readyAfterMs = 1_000;
        placement(2);
        Lane first = placement.takeAny(runOf(null));
        assertEquals(1, placement.counts().queued());
        Lane second = takeLater(null).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertNotSame(first, second, "the second run waited for the first to end");
        assertEquals(dir.resolve("local"), startedFor.get(second.worker()));
        assertEquals(0, placement.counts().queued());
    }

    /**
     * A worker slower to start than the start timeout, as on a loaded machine, is not retried forever with the same
     * patience, losing its work each time: the next start waits twice as long (mutation-checked: with the same
     * timeout on every retry the run never gets a worker).
     */
    @Test
    void aStartThatRanOutOfTimeIsRetriedWithMorePatience() {
        // Ready after 2 s against a 1.5 s timeout: never in time if the patience stayed, in time once it doubles.
        readyAfterMs = 2_000;
        placement(1, Duration.ofMillis(1_500), List.of(dir.resolve("local")));
        Awaitility.await().atMost(PATIENCE).until(() -> placement.counts().live() == 1);
        assertEquals(dir.resolve("local"), startedFor.get(placement.takeAny(runOf(null)).worker()));
    }

    /** A moment after every worker of the pool has been idle for longer than the idle stop. */
    private static long afterIdleStop() {
        return System.nanoTime() + IDLE_STOP.toNanos() + Duration.ofSeconds(1).toNanos();
    }

    private void awaitPoolStarted(int workers) {
        Awaitility.await().atMost(PATIENCE).until(() -> placement.counts().starting() + placement.counts().queued() == 0
                && placement.counts().idle() == workers);
    }

    /**
     * Idle, the pool keeps one worker of its tenant and stops the other (mutation-checked: without the "tenant keeps
     * another" rule both stop), and not before the idle stop has passed (mutation-checked: without the time rule the
     * first call stops one). When two runs come at once, the second finds no free worker and one is started for it.
     */
    @Test
    void anIdlePoolKeepsOneWorkerOfItsTenantAndStartsAnotherWhenRunsWait() throws Exception {
        placement(2);
        awaitPoolStarted(2);
        assertEquals(0, placement.stopIdle(System.nanoTime()).size(), "a worker was stopped before its idle time");
        assertEquals(1, placement.stopIdle(afterIdleStop()).size());
        assertEquals(0, placement.stopIdle(afterIdleStop()).size(), "the tenant's last worker was stopped");
        assertEquals(1, placement.counts().live());

        Lane first = placement.takeAny(runOf(null));
        Lane second = takeLater(null).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertNotSame(first, second);
        assertEquals(dir.resolve("local"), startedFor.get(second.worker()));
        assertEquals(2, placement.counts().live());
    }

    /**
     * A worker holding a persistent session is never stopped for idleness: the session would be lost
     * (mutation-checked: without the session rule one of the two stops).
     */
    @Test
    void aWorkerHoldingASessionIsNotStoppedWhenIdle() {
        placement(2);
        awaitPoolStarted(2);
        Lane one = placement.takeAny(runOf(null));
        Lane two = placement.takeAny(runOf(null));
        placement.sessions.create(SessionKey.of("local", "s1"), () -> one.worker());
        placement.sessions.create(SessionKey.of("local", "s2"), () -> two.worker());
        placement.release(one, false);
        placement.release(two, false);
        assertEquals(List.of(), placement.stopIdle(afterIdleStop()));
        assertEquals(2, placement.counts().live());
    }

    /**
     * With two tenants served and two slots, a tenant's runs hold one slot at most by default: A's second run waits for
     * A's first although a slot is free, and B's run takes that slot at once (mutation-checked: without the cap in
     * dispatch, A's second run takes the free slot and B's run waits for one of A's to end).
     */
    @Test
    void aTenantsRunsLeaveASlotForTheOtherTenant() throws Exception {
        Path a = dir.resolve("tenant-a");
        Path b = dir.resolve("tenant-b");
        concurrentRuns = 2;
        placement(2, PATIENCE, List.of(a, b));
        awaitPoolStarted(2);
        Lane a1 = placement.takeAny(runOf(a));
        CompletableFuture<Lane> a2 = takeLater(a);
        Awaitility.await("A's second run waits").atMost(PATIENCE)
                .failFast("A's second run took the free slot", a2::isDone).until(() -> placement.waiting() == 1);
        assertFalse(a2.isDone(), "A's runs took every slot");
        Lane b1 = takeLater(b).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(b, startedFor.get(b1.worker()));
        assertFalse(a2.isDone(), "A's second run went past its tenant's cap");
        placement.release(a1, false);
        Lane second = a2.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertEquals(a, startedFor.get(second.worker()));
        assertEquals(0, placement.counts().tenantSwitches(), "no worker was recycled for a tenant at its cap");
    }

    /** Each tenant keeps its one worker, however long it has been idle. */
    @Test
    void eachTenantKeepsItsLastWorkerWhenIdle() {
        Path a = dir.resolve("tenant-a");
        Path b = dir.resolve("tenant-b");
        placement(2, PATIENCE, List.of(a, b));
        awaitPoolStarted(2);
        assertEquals(List.of(), placement.stopIdle(afterIdleStop()));
        assertEquals(2, placement.counts().live());
    }

    /** A placement whose first worker may start quick (two runs per worker, two slots), and that worker's first run. */
    private Lane quickFirstRun() {
        quickFirst = true;
        concurrentRuns = 2;
        placement(2);
        return placement.takeAny(runOf(null));
    }

    /**
     * A run past its deadline that ignored its cancellation: the replacement starts while the worker still drains, the
     * worker takes no new run, and when its run ends in a retirement (the worker asks to be replaced, or is killed)
     * nothing more starts: one worker replaced, one started (mutation-checked: without the early start no second
     * worker is live before the old one goes; with retireWhenFree overriding the drain, a third worker starts).
     */
    @Test
    void anOverrunningRunsWorkerIsReplacedBeforeItGoesAndOnlyOnce() throws Exception {
        placement(1);
        Lane stuck = placement.takeAny(runOf(null));
        CompletableFuture<Lane> next = takeLater(null);
        Awaitility.await().atMost(PATIENCE).until(() -> placement.waiting() == 1);
        placement.replaceOverrun(stuck.worker(), "test overrun");
        // Ready while the stuck run still holds the one running slot: the waiting run takes it when the slot frees.
        Awaitility.await().atMost(PATIENCE).until(() -> placement.counts().live() == 2
                && placement.counts().starting() == 0);
        assertTrue(stuck.worker().alive(), "the overrunning worker was killed before its run's grace was over");
        assertFalse(next.isDone(), "a run went beside the stuck one beyond the running slots");
        assertEquals(0, placement.counts().replaced());
        placement.retireWhenFree(stuck.worker(), "its guest thread ignored cancellation");
        placement.release(stuck, false);
        // A start is counted when it is asked for, before its process exists.
        assertEquals(0, placement.counts().starting(), "a second replacement started");
        Lane replacement = next.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertNotSame(stuck.worker(), replacement.worker());
        Awaitility.await().atMost(PATIENCE).until(() -> !stuck.worker().alive());
        assertEquals(1, placement.counts().replaced());
        assertEquals(List.of(replacement.worker().pid()), placement.pids());
    }

    /**
     * The quick first worker overrunning: its early replacement, one with both compilers, is also its successor; when
     * the run ends in a retirement the quick worker is killed and counted as replaced, and nothing more starts
     * (mutation-checked: with retireWhenFree overriding the successor's drain, another worker starts).
     */
    @Test
    void anOverrunningQuickWorkersReplacementIsItsSuccessor() throws Exception {
        Lane stuck = quickFirstRun();
        placement.replaceOverrun(stuck.worker(), "test overrun");
        Awaitility.await().atMost(PATIENCE).until(() -> startedFor.size() == 2 && placement.counts().starting() == 0);
        WorkerProcess replacement = startedFor.keySet().stream().filter(w -> w != stuck.worker()).findFirst()
                .orElseThrow();
        assertEquals(WorkerStart.SERVE_FIRST, startedAs.get(replacement),
                "the replacement of an overrunning worker must serve as soon as it can");
        placement.retireWhenFree(stuck.worker(), "its guest thread ignored cancellation");
        placement.release(stuck, false);
        // A start is counted when it is asked for, before its process exists.
        assertEquals(0, placement.counts().starting(), "a second replacement started");
        assertEquals(1, placement.counts().replaced());
        assertEquals(List.of(replacement.pid()), placement.pids());
        assertFalse(placement.startSuccessor(System.nanoTime() + QuickWorkers.AT_LATEST.toNanos() * 2),
                "a successor started beside the replacement");
    }

    /** A worker holding a session is not replaced early: retiring one whose run did stop late would lose it. */
    @Test
    void anOverrunningWorkerHoldingASessionIsLeftToTheDeadline() {
        placement(1);
        Lane stuck = placement.takeAny(runOf(null));
        placement.sessions.create(SessionKey.of("local", "s1"), () -> stuck.worker());
        placement.replaceOverrun(stuck.worker(), "test overrun");
        assertEquals(0, placement.counts().starting());
        placement.release(stuck, false);
        assertSame(stuck.worker(), placement.takeAny(runOf(null)).worker());
    }

    /**
     * The first worker starts quick; once its first run has ended and it has run nothing for a while, a worker with
     * both compilers starts, and the quick one stops when that one is ready (mutation-checked: without the
     * replacement the quick worker stays live beside it; without the first-run rule a successor starts during it).
     */
    @Test
    void theFirstWorkerStartsQuickAndOneWithBothCompilersTakesItsPlaceOnceItIsQuiet() throws Exception {
        Lane first = quickFirstRun();
        assertEquals(WorkerStart.QUICK, startedAs.get(first.worker()), "the first worker did not start quick");
        assertFalse(placement.startSuccessor(System.nanoTime() + QuickWorkers.AT_LATEST.toNanos() * 2),
                "a successor started before the quick worker's first run ended");
        placement.release(first, false);
        placement.startSuccessor(System.nanoTime() + QuickWorkers.QUIET.toNanos());
        Awaitility.await().atMost(PATIENCE).until(() -> startedFor.size() == 2 && placement.counts().starting() == 0);
        WorkerProcess successor = startedFor.keySet().stream().filter(w -> w != first.worker()).findFirst().orElseThrow();
        assertEquals(WorkerStart.WARM_FIRST, startedAs.get(successor),
                "the successor must warm up before it is ready, while the quick worker serves");
        assertEquals(List.of(successor.pid()), placement.pids(), "the quick worker stayed beside its successor");
        Awaitility.await().atMost(PATIENCE).until(() -> !first.worker().alive());
        assertSame(successor, placement.takeAny(runOf(null)).worker());
        assertEquals(0, placement.counts().replaced(), "a quick worker's successor is no replacement of a broken one");
    }

    /**
     * The quick worker's successor waits while another tenant has no worker yet: that tenant's first call needs its
     * start, and both on 2 cores made it wait seconds more (mutation-checked: without the rule the successor starts
     * beside the other tenant's first worker).
     */
    @Test
    void theQuickWorkersSuccessorWaitsForEveryTenantsFirstWorker() throws Exception {
        quickFirst = true;
        concurrentRuns = 2;
        readyAfterMs = 1000;
        Path other = dir.resolve("tenant-b");
        placement(2, PATIENCE, List.of(dir.resolve("local"), other));
        Lane first = placement.takeAny(runOf(null));
        placement.release(first, false);
        assertFalse(placement.startSuccessor(System.nanoTime() + QuickWorkers.AT_LATEST.toNanos() * 2),
                "the successor started while the other tenant still had no worker");
        Awaitility.await().atMost(PATIENCE).until(() -> startedFor.containsValue(other)
                && placement.counts().starting() == 0 && placement.counts().live() == 2);
        placement.startSuccessor(System.nanoTime() + QuickWorkers.AT_LATEST.toNanos() * 2);
        Awaitility.await().atMost(PATIENCE).until(() -> startedFor.size() == 3);
        assertEquals(1, startedAs.values().stream().filter(how -> how == WorkerStart.WARM_FIRST).count());
    }

    /**
     * A pool closed while a worker starts gives the start up quietly: the server is stopping, nothing failed, and its
     * log says nothing of a failure or a retry (mutation-checked: without the closed check it warns "failed to start:
     * interrupted while starting a worker; retrying").
     */
    @Test
    void closingWhileAWorkerStartsIsNoFailure() throws Exception {
        readyAfterMs = 60_000;
        java.util.List<java.util.logging.LogRecord> warnings = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Logger log = java.util.logging.Logger.getLogger(WorkerStarts.class.getName());
        java.util.logging.Handler handler = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                if (record.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue()) {
                    warnings.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        log.addHandler(handler);
        try {
            placement(1);
            Awaitility.await().atMost(PATIENCE).until(() -> !startedFor.isEmpty());
            placement.close();
            Awaitility.await().atMost(PATIENCE).until(() -> placement.counts().starting() == 0);
            // Only the interruption's: classes running beside this one log their own stand-in workers' failures.
            assertEquals(List.of(), warnings.stream().map(r -> java.text.MessageFormat.format(r.getMessage(),
                    r.getParameters())).filter(m -> m.contains("interrupted")).toList());
        } finally {
            log.removeHandler(handler);
        }
    }

    /**
     * A tenant whose worker cannot start does not hold the quick worker's successor back: its start is retried for as
     * long as it fails (mutation-checked: counted as a first worker pending, the successor never starts).
     */
    @Test
    void aTenantWhoseWorkerCannotStartDoesNotHoldTheSuccessorBack() throws Exception {
        quickFirst = true;
        concurrentRuns = 2;
        Path other = dir.resolve("tenant-b");
        failingTenants.add(other.toAbsolutePath().normalize());
        placement(2, PATIENCE, List.of(dir.resolve("local"), other));
        Lane first = placement.takeAny(runOf(null));
        placement.release(first, false);
        java.util.concurrent.ExecutionException failed = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> takeLater(other).get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertTrue(failed.getCause().getMessage().startsWith("sandbox workers cannot start"),
                String.valueOf(failed.getCause()));
        assertTrue(placement.startSuccessor(System.nanoTime() + QuickWorkers.AT_LATEST.toNanos() * 2),
                "the failing tenant's retried start held the successor back");
        Awaitility.await().atMost(PATIENCE).until(() -> startedAs.containsValue(WorkerStart.WARM_FIRST)
                && placement.counts().live() == 1 && !first.worker().alive());
    }

    /**
     * Every tenant's first worker starts quick, not only the server's first, and each gets its own successor once it
     * has served and fallen quiet; a tenant's quick workers all go (mutation-checked: with only the pool's first start
     * quick, the other tenant's first worker starts with both compilers).
     */
    @Test
    void everyTenantsFirstWorkerStartsQuickAndGetsItsOwnSuccessor() throws Exception {
        quickFirst = true;
        concurrentRuns = 2;
        Path local = dir.resolve("local");
        Path other = dir.resolve("tenant-b");
        placement(2, PATIENCE, List.of(local, other));
        Lane first = placement.takeAny(runOf(null));
        placement.release(first, false);
        Lane theirs = placement.takeAny(runOf(other));
        assertEquals(WorkerStart.QUICK, startedAs.get(theirs.worker()), "the other tenant's first worker");
        placement.release(theirs, false);
        Awaitility.await().atMost(PATIENCE).until(() -> {
            placement.startSuccessor(System.nanoTime() + QuickWorkers.AT_LATEST.toNanos() * 2);
            return startedAs.values().stream().filter(how -> how == WorkerStart.WARM_FIRST).count() == 2
                    && placement.counts().starting() == 0 && placement.counts().live() == 2;
        });
        Awaitility.await().atMost(PATIENCE).until(() -> !first.worker().alive() && !theirs.worker().alive());
        assertEquals(java.util.Set.of(local.toAbsolutePath().normalize(), other.toAbsolutePath().normalize()),
                startedFor.entrySet().stream().filter(e -> startedAs.get(e.getKey()) == WorkerStart.WARM_FIRST)
                        .map(e -> e.getValue().toAbsolutePath().normalize()).collect(java.util.stream.Collectors.toSet()));
    }

    /**
     * A quick worker that stays busy after its first run is replaced at the latest; it takes no new run once its
     * successor is ready, and stops only when its run is over (mutation-checked: without the busy rule the successor
     * starts at once; stopped at once, the quick worker dies under its run).
     */
    @Test
    void aBusyQuickWorkerIsReplacedAtTheLatestAndStopsOnceItsRunEnds() throws Exception {
        Lane first = quickFirstRun();
        placement.release(first, false);
        long ended = System.nanoTime();
        Lane busy = placement.takeAny(runOf(null));
        assertSame(first.worker(), busy.worker());
        assertFalse(placement.startSuccessor(System.nanoTime() + QuickWorkers.QUIET.toNanos()),
                "a successor started while the quick worker was busy");
        assertTrue(placement.startSuccessor(ended + QuickWorkers.AT_LATEST.toNanos()));
        Awaitility.await().atMost(PATIENCE).until(() -> startedFor.size() == 2 && placement.counts().starting() == 0);
        assertTrue(busy.worker().alive(), "the quick worker was stopped under its run");
        Lane next = takeLater(null).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertNotSame(busy.worker(), next.worker(), "a new run went to the quick worker after its successor was ready");
        placement.release(busy, false);
        assertEquals(List.of(next.worker().pid()), placement.pids());
        assertEquals(0, placement.counts().replaced(), "the quick worker's going started another worker");
        Awaitility.await().atMost(PATIENCE).until(() -> !busy.worker().alive());
    }

    /**
     * A quick worker holding a persistent session stays when its successor is ready: stopping it would lose the
     * session (mutation-checked: without the session rule it stops).
     */
    @Test
    void aQuickWorkerHoldingASessionStaysBesideItsSuccessor() {
        Lane first = quickFirstRun();
        placement.sessions.create(SessionKey.of("local", "s1"), () -> first.worker());
        placement.release(first, false);
        placement.startSuccessor(System.nanoTime() + QuickWorkers.QUIET.toNanos());
        Awaitility.await().atMost(PATIENCE).until(() -> startedFor.size() == 2 && placement.counts().starting() == 0);
        assertEquals(2, placement.counts().live());
        assertTrue(first.worker().alive());
    }

    /**
     * A tenant whose worker cannot start fails its run with why, instead of holding it past the start timeout and
     * then calling the sandbox busy (mutation-checked: without the failure rule the run still waits when the test
     * gives up on it); once a start succeeds, runs are served again.
     */
    @Test
    void aRunFailsWithWhyWhileItsTenantsWorkerCannotStart() throws Exception {
        failStarts = true;
        placement(1);
        CompletableFuture<Lane> run = takeLater(null);
        java.util.concurrent.ExecutionException failed = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> run.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertTrue(failed.getCause() instanceof SandboxBusyException, String.valueOf(failed.getCause()));
        assertTrue(failed.getCause().getMessage().startsWith("sandbox workers cannot start (worker "),
                failed.getCause().getMessage());
        assertTrue(failed.getCause().getMessage().contains(" closed its channel); the server tries again in "),
                failed.getCause().getMessage());

        failStarts = false;
        Awaitility.await().atMost(PATIENCE).until(() -> placement.counts().live() == 1);
        assertEquals(dir.resolve("local"), startedFor.get(placement.takeAny(runOf(null)).worker()));
    }
}
