package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.sandbox.SandboxState;
import dev.codeexec.sandbox.worker.SandboxWorkerMain;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What only worker processes can stop: guests stuck in long builtins, memory bombs, repeated kills.
 * A builtin that ignores cancellation runs for minutes; that its worker was replaced when the result
 * came back shows the server stopped it by killing the process instead of waiting for it.
 */
@QuarkusTest
class HardIsolationTest {

    @Inject
    SandboxService sandbox;

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    /**
     * A thread bomb, through the unwrapped start the run's cap keeps in its closure (the cap itself counts a thread only
     * once it runs, so a tight loop outruns it too): the worker's own bound stops the worker, and the caller is told
     * why. Before, the run started about 1,500 threads a second, on toward the host's last process id.
     */
    @Test
    void aThreadBombStopsItsWorkerAtTheWorkersThreadBound() {
        long replaced = sandbox.state().workersReplaced();
        McpCalls.Exec r = mcp.exec("""
                import _thread, time
                start = _thread.start_new_thread
                for cell in getattr(start, '__closure__', None) or ():
                    if callable(cell.cell_contents):
                        start = cell.cell_contents
                started = 0
                for _ in range(3000):
                    start(time.sleep, (30,))
                    started += 1
                print('started', started)
                """, 60);
        assertFalse(r.stdout().contains("started"), r.stdout());
        assertTrue(r.stderr().contains("SandboxError: a run on this worker started more threads than its sandbox "
                + "process may have alive (sandbox.worker.max-threads=1024), so its sandbox process was stopped"),
                r.stderr());
        assertTrue(sandbox.state().workersReplaced() > replaced, "the worker was not replaced: " + r.stderr());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    @Test
    void hugePowerIsStoppedAtTheDeadline() {
        long replaced = sandbox.state().workersReplaced();
        McpCalls.Exec r = mcp.exec("x = 10**10**8", 1);
        assertTrue(r.timedOut(), r.stderr());
        assertNotEquals(0, r.exitCode());
        assertTrue(sandbox.state().workersReplaced() > replaced, "the stuck worker was not replaced: " + r.stderr());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    /**
     * Stuck in one builtin's loop from its start: the guest's compensated sum hands a range of ints to the builtin at
     * once. (It used to hold the first million items in a Python loop first, which a loaded worker was still in at the
     * deadline, where the interrupt stops a run without replacing its worker.)
     */
    @Test
    void longSumIsStoppedAtTheDeadline() {
        long replaced = sandbox.state().workersReplaced();
        McpCalls.Exec r = mcp.exec("print(sum(range(10**13)))", 1);
        assertTrue(r.timedOut(), r.stderr());
        assertTrue(sandbox.state().workersReplaced() > replaced, "the stuck worker was not replaced: " + r.stderr());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    /**
     * The worker dies under the run, which keeps what it printed before: the worker records a run's output to the
     * server every 200 ms, and the run works for a second before it runs out of memory.
     */
    @Test
    void growingMemoryIsAMemoryErrorOrAKilledWorker() {
        McpCalls.Exec r = mcp.exec("""
                import time
                print('before', flush=True)
                start = time.monotonic()
                while time.monotonic() - start < 1:
                    pass
                chunks = []
                while True:
                    chunks.append(bytearray(50 * 1024 * 1024))""", 60);
        assertNotEquals(0, r.exitCode());
        assertTrue(r.stderr().contains("MemoryError"), r.stderr());
        assertEquals("before\n", r.stdout(), r.stderr());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    /**
     * A killed worker's run answers with the first inline budget of each stream as recorded, and says that it was
     * cut: it answered truncated false, and the message named bytes past the budget as lost whether there were any.
     */
    @Test
    void aKilledRunsRecordedOutputIsMarkedTruncatedWhenItWentPastTheBudget() {
        McpCalls.Exec r = mcp.exec(Map.of("code", """
                import time
                print('x' * 3000, flush=True)
                start = time.monotonic()
                while time.monotonic() - start < 1:
                    pass
                chunks = []
                while True:
                    chunks.append(bytearray(64 * 1024 * 1024))""", "timeout_s", 60, "max_inline_bytes", 1024));
        assertEquals(137, r.exitCode(), r.stderr());
        assertEquals("x".repeat(1024), r.stdout());
        assertTrue(r.truncated(), r.stderr());
        assertTrue(r.stderr().contains("and past the first 1024 bytes of a stream, is lost"), r.stderr());
    }

    @Test
    void oneHugeAllocationIsAMemoryErrorOrAKilledWorker() {
        // 2 GB: a valid size (10**11 was an OverflowError before any memory was asked for) above the worker heap.
        McpCalls.Exec r = mcp.exec("b = bytearray(2 * 10**9)", 60);
        assertNotEquals(0, r.exitCode());
        assertTrue(r.stderr().contains("MemoryError"), r.stderr());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    @Test
    void moreKilledExecutionsInARowThanWorkersLeaveThePoolFullAndHealthy() {
        // The bound only keeps a broken pool from hanging the build; a loaded machine starts JVMs slowly.
        SandboxState before = Awaitility.await("the pool started").atMost(Duration.ofMinutes(2))
                .until(sandbox::state, s -> s.workersStarting() == 0);
        int workers = before.workersLive();
        long replaced = before.workersReplaced();
        // One more kill than there are workers: every worker is replaced at least once, one twice.
        for (int i = 0; i <= workers; i++) {
            McpCalls.Exec r = mcp.exec("chunks = []\nwhile True:\n    chunks.append(bytearray(64 * 1024 * 1024))", 60);
            assertEquals(137, r.exitCode(), "execution " + i + ": " + r.stderr());
        }
        SandboxState state = Awaitility.await("the pool refilled").atMost(Duration.ofMinutes(2))
                .until(sandbox::state, s -> s.workersLive() == workers && s.workersStarting() == 0);
        assertTrue(state.workersReplaced() >= replaced + workers + 1, state.toString());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    /**
     * The workers' own environment, read from the OS: only what the launcher sets, none of the server's variables
     * (surefire gives the server {@code CODEEXEC_TEST_SECRET}). The guest cannot read it either
     * ({@code SandboxEscapeTest.hostEnvironmentIsInvisible}); this holds even if guest code got out of the interpreter.
     */
    @Test
    void workersStartWithAMinimalEnvironment() {
        assertEquals(SandboxEscapeTest.SECRET, System.getenv("CODEEXEC_TEST_SECRET"), "surefire must set the secret");
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
        List<ProcessHandle> workers = ProcessHandle.current().descendants()
                .filter(p -> procFile(p, "cmdline").contains(SandboxWorkerMain.class.getName()))
                .toList();
        assertFalse(workers.isEmpty(), "no worker process found");
        for (ProcessHandle worker : workers) {
            Map<String, String> environment = new TreeMap<>();
            String raw = procFile(worker, "environ");
            for (String entry : raw.split("\0")) {
                if (!entry.isEmpty()) {
                    int eq = entry.indexOf('=');
                    environment.put(entry.substring(0, eq), entry.substring(eq + 1));
                }
            }
            assertFalse(raw.contains(SandboxEscapeTest.SECRET), "a worker carries the server's secret");
            assertEquals(Map.of("LC_ALL", "C.UTF-8"), environment, "worker " + worker.pid());
        }
    }

    /** A file of the process under /proc, empty once the process has gone. */
    private static String procFile(ProcessHandle process, String name) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), name)),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    @Test
    void sessionsThatShareAWorkerDoNotSeeEachOther() {
        // One more live session than the pool can have workers (its running slots and one spare): by pigeonhole two
        // of them share a worker, wherever the pool places them, so each seeing only its own names is the
        // interpreters' isolation and not the placement's. Each is opened and read from a connection of its own.
        int sessions = sandbox.settings().maxConcurrent() + 2;
        List<String> handles = new ArrayList<>();
        for (int i = 0; i < sessions; i++) {
            handles.add(SessionsTest.open(new McpCalls(), "value_" + i + " = " + i));
        }
        for (int i = 0; i < sessions; i++) {
            McpCalls.Exec seen = new McpCalls().exec(Map.of("code",
                    "print(sorted(k for k in globals() if k.startswith('value_')), value_" + i + ")",
                    "session", handles.get(i)));
            assertEquals("['value_" + i + "'] " + i + "\n", seen.stdout(), seen.stderr());
        }
    }
}
