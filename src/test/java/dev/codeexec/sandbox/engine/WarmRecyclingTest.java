package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.PythonPackages;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.SessionKey;
import dev.codeexec.sandbox.WarmCounters;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** When a warm interpreter is replaced: after its maximum runs, to make room, after a timeout or a MemoryError. */
@Execution(ExecutionMode.CONCURRENT)
class WarmRecyclingTest {

    static SandboxContexts contexts;
    static InProcessExecutor executor;
    static SandboxSettings settings;
    static Path root;

    @BeforeAll
    static void start() throws IOException {
        root = Files.createDirectories(Path.of("target/warm-recycling-workspace"));
        WorkspaceQuota quota = new WorkspaceQuota(1 << 20, 1 << 24, 100, 32);
        contexts = new SandboxContexts(new WorkspaceRoot(root), PythonPackages.scan(Path.of("python-packages")), quota, 16, OutputStream.nullOutputStream(),
                (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}");
        settings = new SandboxSettings(SandboxSettings.Isolation.IN_PROCESS, root, Path.of("python-packages"), 1 << 16, 16, 1, 1, 0, OptionalInt.empty(),
                Duration.ofSeconds(1), 8, Duration.ofMinutes(30),
                new SandboxSettings.Warm(3, Duration.ofMinutes(30), 2, 100),
                new SandboxSettings.Worker(0, 0, 0, Duration.ZERO, List.of(), Optional.empty(), Optional.empty(),
                        SandboxSettings.Jit.OFF, Optional.empty(), 0), quota);
        executor = new InProcessExecutor(contexts, settings);
    }

    @AfterAll
    static void stop() {
        executor.close();
        contexts.close();
    }

    private static InProcessExecutor.Run run(String owner, String code, int timeoutS) {
        return executor.run(new ExecutionRequest(code, "", Duration.ofSeconds(timeoutS), owner, SessionKey.warm(owner),
                ExecutionRequest.Reuse.WARM), interpreter -> { });
    }

    @Test
    void anInterpreterServesAtMostMaxRunsThenTheNextRunIsAMiss() {
        assertFalse(run("max-runs", "pass", 5).warm().hit());
        assertTrue(run("max-runs", "pass", 5).warm().hit());
        InProcessExecutor.Run third = run("max-runs", "pass", 5);
        assertTrue(third.warm().hit());
        assertEquals(WarmCounters.Recycle.MAX_RUNS, third.warm().recycled());
        assertFalse(run("max-runs", "pass", 5).warm().hit());
    }

    @Test
    void pastTheCapTheLeastRecentlyUsedCallerGivesItsInterpreterUp() {
        run("cap-a", "pass", 5);
        run("cap-b", "pass", 5);
        run("cap-a", "pass", 5); // a is now the more recently used
        InProcessExecutor.Run third = run("cap-c", "pass", 5);
        assertTrue(third.warm().evicted() >= 1, third.warm().toString());
        assertTrue(run("cap-a", "pass", 5).warm().hit(), "the recently used caller kept its interpreter");
        assertFalse(run("cap-b", "pass", 5).warm().hit(), "the least recently used caller lost its interpreter");
    }

    @Test
    void aTimeoutRecyclesAndTheNextRunStartsFresh() {
        run("timeout", "x = 1", 5);
        InProcessExecutor.Run stopped = run("timeout", "while True:\n    pass", 1);
        assertTrue(stopped.result().timedOut());
        assertEquals(WarmCounters.Recycle.TIMEOUT, stopped.warm().recycled());
        InProcessExecutor.Run next = run("timeout", "print(1)", 5);
        assertFalse(next.warm().hit());
        assertEquals("1\n", next.result().stdout());
    }

    @Test
    void aMemoryErrorRecycles() {
        InProcessExecutor.Run r = run("memory", "raise MemoryError('simulated')", 5);
        assertEquals(1, r.result().exitCode());
        assertEquals(WarmCounters.Recycle.MEMORY, r.warm().recycled());
        assertNull(run("other", "pass", 5).warm().recycled());
    }

    @Test
    void aCollectionLeavingTheHeapFullRecyclesTheInterpreterWhoseRunItFollowedOnce() {
        java.util.concurrent.atomic.AtomicLong collections = new java.util.concurrent.atomic.AtomicLong();
        // Over the limit as soon as any collection has run: what it left in use is all the watch can judge.
        HeapWatch heap = new HeapWatch(100, () -> collections.get() > 0 ? 200 : 0, collections::get);
        try (InProcessExecutor watched = new InProcessExecutor(contexts, settings, heap, millis -> { })) {
            java.util.function.Supplier<InProcessExecutor.Run> next = () -> watched.run(new ExecutionRequest("pass", "",
                    Duration.ofSeconds(5), "heap", SessionKey.warm("heap"), ExecutionRequest.Reuse.WARM), interpreter -> { });
            assertNull(next.get().warm().recycled(), "no collection yet");
            collections.incrementAndGet();
            InProcessExecutor.Run after = next.get();
            assertTrue(after.warm().hit());
            assertEquals(WarmCounters.Recycle.HEAP, after.warm().recycled());
            InProcessExecutor.Run fresh = next.get();
            assertFalse(fresh.warm().hit());
            assertNull(fresh.warm().recycled(), "the same collection never recycles twice");
            collections.incrementAndGet();
            assertEquals(WarmCounters.Recycle.HEAP, next.get().warm().recycled());
        }
    }

    /**
     * A heap alarm drops the other callers' idle warm interpreters too, not only the one whose run it followed
     * (mutation-checked: without that, the other caller's next run is still a hit).
     */
    @Test
    void aFullHeapAlsoTakesBackTheOtherCallersIdleInterpreters() {
        java.util.concurrent.atomic.AtomicLong collections = new java.util.concurrent.atomic.AtomicLong();
        HeapWatch heap = new HeapWatch(100, () -> collections.get() > 0 ? 200 : 0, collections::get);
        try (InProcessExecutor watched = new InProcessExecutor(contexts, settings, heap, millis -> { })) {
            java.util.function.Function<String, InProcessExecutor.Run> runOf = owner -> watched.run(
                    new ExecutionRequest("pass", "", Duration.ofSeconds(5), owner, SessionKey.warm(owner),
                            ExecutionRequest.Reuse.WARM), interpreter -> { });
            runOf.apply("idle-caller");
            runOf.apply("busy-caller");
            collections.incrementAndGet();
            InProcessExecutor.Run alarmed = runOf.apply("busy-caller");
            assertEquals(WarmCounters.Recycle.HEAP, alarmed.warm().recycled());
            assertEquals(1, alarmed.warm().evicted(), "the idle caller's interpreter was given back");
            assertFalse(runOf.apply("idle-caller").warm().hit(), "the idle caller's next run builds afresh");
        }
    }

    /**
     * A second collection over the limit, after the warm interpreters were given back at the first, asks for a new
     * worker (mutation-checked: without it, no reason is given and the worker runs on into a MemoryError).
     */
    @Test
    void aHeapStillFullAfterTheInterpretersWereGivenBackAsksForANewWorker() {
        java.util.concurrent.atomic.AtomicLong collections = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong live = new java.util.concurrent.atomic.AtomicLong(200);
        HeapWatch heap = new HeapWatch(100, live::get, collections::get);
        try (InProcessExecutor watched = new InProcessExecutor(contexts, settings, heap, millis -> { })) {
            java.util.function.Supplier<InProcessExecutor.Run> next = () -> watched.run(new ExecutionRequest("pass", "",
                    Duration.ofSeconds(5), "stuck", SessionKey.warm("stuck"), ExecutionRequest.Reuse.WARM),
                    interpreter -> { });
            collections.incrementAndGet();
            assertEquals(WarmCounters.Recycle.HEAP, next.get().warm().recycled());
            assertNull(watched.recycleReason(), "one alarm gives the interpreters back; the worker stays");
            live.set(50);
            collections.incrementAndGet();
            next.get();
            live.set(200);
            collections.incrementAndGet();
            next.get();
            assertNull(watched.recycleReason(), "a collection under the limit in between: this is a new alarm");
            collections.incrementAndGet();
            next.get();
            assertEquals(InProcessExecutor.HEAP_STUCK, watched.recycleReason());
        }
    }

    /**
     * Two runs of one tenant at once, as a worker running several of a tenant's executions gets them: the second takes
     * a spare beside the first, a miss, instead of waiting for the warm interpreter the first holds, and that spare
     * stays warm for the tenant: two runs at once later both find one. The first can print "beside" only by seeing the
     * file the test writes once the second has finished, so only if the second did not wait for it (mutation-checked:
     * with the second waiting for the interpreter in use, the first gives up after its 30 s and prints "alone"; with
     * the spare discarded after its run, as before, the last run at once is a miss).
     */
    @Test
    void aTenantsSecondRunAtOnceTakesASpareThatStaysWarm() throws Exception {
        String owner = "side-by-side";
        run(owner, "pass", 5);
        Beside first = beside(owner, "print('second')");
        assertTrue(first.waiting().warm().hit());
        assertEquals("second\n", first.beside().result().stdout(), first.beside().result().stderr());
        assertEquals(new WarmCounters.Event(false, null, 0, 0), first.beside().warm());
        assertNotEquals(first.waitingIn(), first.besideIn(), "the second run did not use the warm interpreter in use");
        Beside again = beside(owner, "pass");
        assertTrue(again.waiting().warm().hit());
        assertTrue(again.beside().warm().hit(), "the spare the second run took stayed warm for the tenant");
        assertEquals(java.util.Set.of(first.waitingIn(), first.besideIn()),
                java.util.Set.of(again.waitingIn(), again.besideIn()));
    }

    /** Two runs of {@code owner} at once, and the interpreters they ran in. */
    private record Beside(InProcessExecutor.Run waiting, long waitingIn, InProcessExecutor.Run beside, long besideIn) {
    }

    /** Runs {@code code} while another warm run of {@code owner} waits for it to end (for a file it writes last). */
    private Beside beside(String owner, String code) throws Exception {
        Path flag = root.resolve("side-by-side-flag");
        Files.deleteIfExists(flag);
        String awaitFlag = "import os, time\ndeadline = time.monotonic() + 30\n"
                + "while not os.path.exists('side-by-side-flag') and time.monotonic() < deadline:\n    time.sleep(0.01)\n"
                + "print('beside' if os.path.exists('side-by-side-flag') else 'alone')";
        CompletableFuture<Long> waitingIn = new CompletableFuture<>();
        CompletableFuture<InProcessExecutor.Run> waiting = CompletableFuture.supplyAsync(() -> executor.run(
                new ExecutionRequest(awaitFlag, "", Duration.ofSeconds(40), owner, SessionKey.warm(owner),
                        ExecutionRequest.Reuse.WARM), waitingIn::complete));
        waitingIn.get(60, TimeUnit.SECONDS);
        CompletableFuture<Long> besideIn = new CompletableFuture<>();
        InProcessExecutor.Run besideRun = executor.run(new ExecutionRequest(code, "", Duration.ofSeconds(40), owner,
                SessionKey.warm(owner), ExecutionRequest.Reuse.WARM), besideIn::complete);
        Files.createFile(flag);
        try {
            assertEquals("beside\n", waiting.get(60, TimeUnit.SECONDS).result().stdout());
        } finally {
            Files.deleteIfExists(flag);
        }
        return new Beside(waiting.get(), waitingIn.get(), besideRun, besideIn.get());
    }

    @Test
    void theHeapWatchReadsThisJvmsCollections() {
        byte[] live = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Runtime.getRuntime().maxMemory() / 25)];
        HeapWatch watch = HeapWatch.ofThisJvm(1);
        System.gc();
        assertTrue(watch.overLimit(), "a collection left 4% of the heap in use, over a 1% limit");
        java.lang.ref.Reference.reachabilityFence(live);
        assertFalse(HeapWatch.ofThisJvm(100).overLimit(), "100% turns the watch off");
    }
}
