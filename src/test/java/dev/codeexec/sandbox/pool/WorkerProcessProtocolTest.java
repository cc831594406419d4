package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.protocol.FrameLimits;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The server side of the worker channel against a worker that breaks the protocol ({@link FakeWorker}, a
 * real process): it is killed, never answered, and a running execution fails with a clear error. A bridge call
 * from anything but the running execution's interpreter is dropped and counted, and kills nothing.
 * The generous waits only bound a broken build; a passing run takes as long as a small JVM's start.
 */
@Execution(ExecutionMode.CONCURRENT)
class WorkerProcessProtocolTest {

    static final int LIMIT = FrameLimits.fromWorker(1 << 20);
    static final Duration PATIENCE = Duration.ofSeconds(60);
    /** Never before the deadline: these runs are not about overruns. */
    static final WorkerProcess.Overrun NO_OVERRUN = new WorkerProcess.Overrun(PATIENCE, () -> { });

    record Call(String owner, String service) {
    }

    final List<Call> calls = new CopyOnWriteArrayList<>();
    /** How many calls the test's worker may legitimately have answered; one more completes {@link #overreach}. */
    int allowedCalls;
    final CompletableFuture<Call> overreach = new CompletableFuture<>();
    final HostCalls host = (owner, service, method, args) -> {
        calls.add(new Call(owner, service));
        if (calls.size() > allowedCalls) {
            overreach.complete(new Call(owner, service));
        }
        return "{\"result\":\"for " + owner + "\"}";
    };
    final CompletableFuture<WorkerProcess> brokeIdle = new CompletableFuture<>();
    final java.util.concurrent.atomic.AtomicLong refused = new java.util.concurrent.atomic.AtomicLong();
    /** Completes with the first refused call. */
    final CompletableFuture<Long> firstRefusal = new CompletableFuture<>();
    Process process;
    WorkerProcess worker;

    private void start(String... script) throws IOException, WorkerProcess.WorkerGone {
        List<String> command = FakeWorker.command(script);
        process = new ProcessBuilder(command).start();
        worker = new WorkerProcess(7, process, host, Runnable::run, millis -> { }, LIMIT, brokeIdle::complete, n -> {
            firstRefusal.complete(refused.addAndGet(n));
        });
        worker.awaitReady(PATIENCE);
    }

    private static ExecutionRequest request(String owner) {
        return request(owner, "print(1)");
    }

    private static ExecutionRequest request(String owner, String code) {
        return new ExecutionRequest(code, "", Duration.ofSeconds(5), owner, null, ExecutionRequest.Reuse.FRESH);
    }

    /** Runs {@code request} on a thread of its own, as a second caller of the same worker would. */
    private CompletableFuture<WorkerMessages.Reply> executeAsync(ExecutionRequest request, Duration hardDeadline) {
        CompletableFuture<WorkerMessages.Reply> reply = new CompletableFuture<>();
        Thread.ofPlatform().daemon().start(() -> {
            try {
                reply.complete(worker.execute(request, List.of(), PATIENCE, hardDeadline, PATIENCE, NO_OVERRUN, new RecordedOutput(0)));
            } catch (WorkerProcess.WorkerGone | java.util.concurrent.TimeoutException | RuntimeException e) {
                reply.completeExceptionally(e);
            }
        });
        return reply;
    }

    /** What {@code reply} failed with, waiting at most the test's patience. */
    private static Throwable failure(CompletableFuture<WorkerMessages.Reply> reply) {
        java.util.concurrent.ExecutionException failed = assertThrows(java.util.concurrent.ExecutionException.class,
                () -> reply.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        return failed.getCause();
    }

    /** Waits until the worker is reported for replacement, or a call it should not have made reached the host. */
    private void awaitVerdict() throws Exception {
        CompletableFuture.anyOf(brokeIdle, overreach).get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        assertFalse(overreach.isDone(), () -> "a bridge call with no execution running reached the host: " + calls);
        assertSame(worker, brokeIdle.get(), "the pool was not told to replace the worker");
    }

    private void assertKilled() throws InterruptedException {
        assertTrue(process.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS), "the worker was not killed");
    }

    @AfterEach
    void killWorker() {
        if (worker != null) {
            worker.kill();
        }
    }

    /** Mutation-checked: answering every bridge call for the running execution's owner fails the first assertion. */
    @Test
    void bridgeCallWithNoExecutionRunningIsDroppedAndKillsNothing() throws Exception {
        allowedCalls = 1;
        start("bridge-while-idle");
        WorkerMessages.Reply reply = worker.execute(request("alice"), List.of(), PATIENCE, PATIENCE, PATIENCE, NO_OVERRUN, new RecordedOutput(0));
        assertEquals(List.of(new Call("alice", "echo")), calls, "only the running execution's call is answered");
        assertEquals("{\"result\":\"for alice\"}", reply.result().stdout());
        assertEquals(1, refused.get());
        assertTrue(worker.alive(), "a stray bridge call killed the worker");
        assertFalse(brokeIdle.isDone());
    }

    /**
     * During an execution, calls from another interpreter of the worker and for another execution are dropped; the
     * running interpreter's own call is answered for the caller the server knows. Mutation-checked: without the
     * interpreter check, the first dropped call is answered and the first assertion fails.
     */
    @Test
    void bridgeCallsFromAnotherInterpreterDuringAnExecutionAreDropped() throws Exception {
        allowedCalls = 1;
        start("bridge-from-other-interpreters");
        WorkerMessages.Reply reply = worker.execute(request("dave"), List.of(), PATIENCE, PATIENCE, PATIENCE, NO_OVERRUN, new RecordedOutput(0));
        assertEquals(List.of(new Call("dave", "echo")), calls);
        assertEquals("{\"result\":\"for dave\"}", reply.result().stdout());
        assertEquals(2, refused.get());
        assertTrue(worker.alive());
        assertFalse(brokeIdle.isDone());
    }

    @Test
    void bridgeCallAfterTheResultIsNeverAnsweredForTheLastOwner() throws Exception {
        allowedCalls = 1;
        start("bridge-after-result");
        WorkerMessages.Reply reply = worker.execute(request("alice"), List.of(), PATIENCE, PATIENCE, PATIENCE, NO_OVERRUN, new RecordedOutput(0));
        // During the execution the call is answered, for the caller the server knows.
        assertEquals("{\"result\":\"for alice\"}", reply.result().stdout());
        assertEquals(1L, firstRefusal.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertFalse(overreach.isDone(), () -> "a bridge call after the result reached the host: " + calls);
        assertEquals(List.of(new Call("alice", "echo")), calls);
        assertTrue(worker.alive());
    }

    /**
     * Two executions in flight on one worker, the one sent second finishing first: each caller gets its own result.
     * The fake answers neither before it has both, so they are in flight together.
     */
    @Test
    void twoExecutionsInFlightAnsweredOutOfOrderEachGetTheirOwnResult() throws Exception {
        start("two-out-of-order");
        CompletableFuture<WorkerMessages.Reply> alice = executeAsync(request("alice", "alice's code"), PATIENCE);
        CompletableFuture<WorkerMessages.Reply> bob = executeAsync(request("bob", "bob's code"), PATIENCE);
        assertEquals("alice's code", alice.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).result().stdout());
        assertEquals("bob's code", bob.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).result().stdout());
        assertEquals(0, worker.inFlight());
        assertTrue(worker.alive());
        assertFalse(brokeIdle.isDone());
    }

    /**
     * With two executions of different callers in flight, each interpreter's call naming its own execution is
     * answered for that execution's caller, and the first's interpreter naming the second execution is dropped.
     * Mutation-checked: answering a call naming an execution in flight without checking its interpreter, or finding
     * the execution by the calling interpreter instead of the id named, answers the dropped call for a third time,
     * and the first assertion fails.
     */
    @Test
    void aCallFromOneExecutionsInterpreterIsNeverAnsweredAsAnothers() throws Exception {
        allowedCalls = 2;
        start("bridge-two-at-once");
        CompletableFuture<WorkerMessages.Reply> alice = executeAsync(request("alice"), PATIENCE);
        CompletableFuture<WorkerMessages.Reply> bob = executeAsync(request("bob"), PATIENCE);
        String aliceOut = alice.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).result().stdout();
        String bobOut = bob.get(PATIENCE.toSeconds(), TimeUnit.SECONDS).result().stdout();
        assertFalse(overreach.isDone(), () -> "a call from one execution's interpreter was answered as another's: "
                + calls);
        assertEquals("{\"result\":\"for alice\"}", aliceOut);
        assertEquals("{\"result\":\"for bob\"}", bobOut);
        assertEquals(java.util.Set.of(new Call("alice", "echo"), new Call("bob", "echo")), java.util.Set.copyOf(calls));
        assertEquals(1, refused.get());
        assertTrue(worker.alive(), "a dropped call killed the worker");
    }

    /**
     * One execution overrunning its deadline kills the worker: it times out, and the other in flight fails saying
     * that another run was the cause, so its caller is not told its own code overran. (A zero deadline times out at
     * once after the start, which the fake sends only once both are in flight.)
     */
    @Test
    void aKillForOneExecutionFailsTheOtherInFlightAsASibling() throws Exception {
        start("two-then-silence");
        CompletableFuture<WorkerMessages.Reply> patient = executeAsync(request("patient"), PATIENCE);
        CompletableFuture<WorkerMessages.Reply> overrunning = executeAsync(request("overrunning"), Duration.ZERO);
        assertTrue(failure(overrunning) instanceof java.util.concurrent.TimeoutException);
        Throwable sibling = failure(patient);
        WorkerProcess.WorkerGone gone = assertInstanceOf(WorkerProcess.WorkerGone.class, sibling);
        assertTrue(gone.sibling, "the sibling was not told another run caused the kill");
        assertFalse(gone.outOfMemory);
        assertEquals("another run on this worker overran its deadline, so the worker was killed", gone.getMessage());
        assertKilled();
        assertEquals(0, worker.inFlight());
        assertFalse(brokeIdle.isDone());
    }

    @Test
    void outputWithNoExecutionRunningKillsTheWorker() throws Exception {
        start("output-while-idle");
        awaitVerdict();
        assertKilled();
    }

    @Test
    void aResultForAnotherExecutionFailsTheRunningOne() throws Exception {
        start("result-for-another-execution");
        WorkerProcess.WorkerGone gone = assertThrows(WorkerProcess.WorkerGone.class,
                () -> worker.execute(request("carol"), List.of(), PATIENCE, PATIENCE, PATIENCE, NO_OVERRUN, new RecordedOutput(0)));
        assertTrue(gone.getMessage().matches("the sandbox worker was stopped for breaking the protocol: it sent "
                + "a result \\(\\d+ bytes\\) for execution 2 while 1 runs"), gone.getMessage());
        assertKilled();
        assertFalse(brokeIdle.isDone());
    }

    @Test
    void oversizedFrameFailsTheExecutionFromItsLengthAlone() throws Exception {
        start("oversized-result", Integer.toString(LIMIT));
        WorkerProcess.WorkerGone gone = assertThrows(WorkerProcess.WorkerGone.class,
                () -> worker.execute(request("bob"), List.of(), PATIENCE, PATIENCE, PATIENCE, NO_OVERRUN, new RecordedOutput(0)));
        assertEquals("the sandbox worker was stopped for breaking the protocol: it sent a frame of " + (LIMIT + 1L)
                + " bytes, over the limit of " + LIMIT + " bytes", gone.getMessage());
        assertFalse(gone.outOfMemory);
        assertKilled();
        // The failed execution reports it; the pool retires the worker from there, once.
        assertFalse(brokeIdle.isDone());
        assertEquals(List.of(), calls);
    }

    /**
     * An execution that has not answered by its overrun time sets off the overrun action, once, and still ends at its
     * hard deadline; one that answers first never does (mutation-checked: without the action's call the first test
     * fails, and calling it on every run fails the second).
     */
    @Test
    void anExecutionSilentPastItsOverrunTimeSetsOffItsActionOnce() throws Exception {
        start("started-then-silence");
        java.util.concurrent.atomic.AtomicInteger actions = new java.util.concurrent.atomic.AtomicInteger();
        WorkerProcess.Overrun overrun = new WorkerProcess.Overrun(Duration.ofMillis(200), actions::incrementAndGet);
        assertThrows(java.util.concurrent.TimeoutException.class,
                () -> worker.execute(request("alice"), List.of(), PATIENCE, Duration.ofSeconds(2), PATIENCE, overrun, new RecordedOutput(0)));
        assertEquals(1, actions.get());
    }

    @Test
    void anExecutionThatAnswersBeforeItsOverrunTimeSetsOffNothing() throws Exception {
        allowedCalls = 1;
        start("honest");
        java.util.concurrent.atomic.AtomicInteger actions = new java.util.concurrent.atomic.AtomicInteger();
        WorkerProcess.Overrun overrun = new WorkerProcess.Overrun(Duration.ofSeconds(30), actions::incrementAndGet);
        WorkerMessages.Reply reply = worker.execute(request("alice"), List.of(), PATIENCE, PATIENCE, PATIENCE, overrun, new RecordedOutput(0));
        assertEquals("{\"result\":\"for alice\"}", reply.result().stdout());
        assertEquals(0, actions.get());
    }
}
