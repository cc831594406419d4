package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

/**
 * The server side of the worker channel against a worker that breaks the protocol ({@link FakeWorker}, a
 * real process): it is killed, never answered, and a running execution fails with a clear error. A bridge call
 * from anything but the running execution's interpreter is dropped and counted, and kills nothing.
 * The generous waits only bound a broken build; a passing run takes as long as a small JVM's start.
 */
class WorkerProcessProtocolTest {

    static final int LIMIT = FrameLimits.fromWorker(1 << 20);
    static final Duration PATIENCE = Duration.ofSeconds(60);

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
        return new ExecutionRequest("print(1)", "", Duration.ofSeconds(5), owner, null, ExecutionRequest.Reuse.FRESH);
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
        WorkerMessages.Reply reply = worker.execute(request("alice"), List.of(), PATIENCE, PATIENCE, PATIENCE);
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
        WorkerMessages.Reply reply = worker.execute(request("dave"), List.of(), PATIENCE, PATIENCE, PATIENCE);
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
        WorkerMessages.Reply reply = worker.execute(request("alice"), List.of(), PATIENCE, PATIENCE, PATIENCE);
        // During the execution the call is answered, for the caller the server knows.
        assertEquals("{\"result\":\"for alice\"}", reply.result().stdout());
        assertEquals(1L, firstRefusal.get(PATIENCE.toSeconds(), TimeUnit.SECONDS));
        assertFalse(overreach.isDone(), () -> "a bridge call after the result reached the host: " + calls);
        assertEquals(List.of(new Call("alice", "echo")), calls);
        assertTrue(worker.alive());
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
                () -> worker.execute(request("carol"), List.of(), PATIENCE, PATIENCE, PATIENCE));
        assertTrue(gone.getMessage().matches("the sandbox worker was stopped for breaking the protocol: it sent "
                + "a result \\(\\d+ bytes\\) for execution 2 while 1 runs"), gone.getMessage());
        assertKilled();
        assertFalse(brokeIdle.isDone());
    }

    @Test
    void oversizedFrameFailsTheExecutionFromItsLengthAlone() throws Exception {
        start("oversized-result", Integer.toString(LIMIT));
        WorkerProcess.WorkerGone gone = assertThrows(WorkerProcess.WorkerGone.class,
                () -> worker.execute(request("bob"), List.of(), PATIENCE, PATIENCE, PATIENCE));
        assertEquals("the sandbox worker was stopped for breaking the protocol: it sent a frame of " + (LIMIT + 1L)
                + " bytes, over the limit of " + LIMIT + " bytes", gone.getMessage());
        assertFalse(gone.outOfMemory);
        assertKilled();
        // The failed execution reports it; the pool retires the worker from there, once.
        assertFalse(brokeIdle.isDone());
        assertEquals(List.of(), calls);
    }
}
