package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.sandbox.SandboxState;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What only worker processes can stop: guests stuck in long builtins, memory bombs, repeated kills.
 * Durations are checked as liveness bounds (the server did not wait for the builtin to finish, which
 * takes minutes), not as speed targets.
 */
@QuarkusTest
class HardIsolationTest {

    /** Far below the minutes the builtins below need, far above timeout + grace + restart. */
    static final long LIVENESS_BOUND_MS = 20_000;

    @Inject
    SandboxService sandbox;

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    @Test
    void hugePowerIsStoppedAtTheDeadline() {
        McpCalls.Exec r = mcp.exec("x = 10**10**8", 3);
        assertTrue(r.timedOut(), r.stderr());
        assertNotEquals(0, r.exitCode());
        assertTrue(r.durationMs() < LIVENESS_BOUND_MS, "took " + r.durationMs() + " ms");
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    @Test
    void longSumIsStoppedAtTheDeadline() {
        McpCalls.Exec r = mcp.exec("print(sum(range(10**13)))", 3);
        assertTrue(r.timedOut(), r.stderr());
        assertTrue(r.durationMs() < LIVENESS_BOUND_MS, "took " + r.durationMs() + " ms");
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    @Test
    void growingMemoryIsAMemoryErrorOrAKilledWorker() {
        McpCalls.Exec r = mcp.exec("chunks = []\nwhile True:\n    chunks.append(bytearray(50 * 1024 * 1024))", 60);
        assertNotEquals(0, r.exitCode());
        assertTrue(r.stderr().contains("MemoryError"), r.stderr());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    @Test
    void oneHugeAllocationIsAMemoryErrorOrAKilledWorker() {
        McpCalls.Exec r = mcp.exec("b = bytearray(10**11)", 60);
        assertNotEquals(0, r.exitCode());
        assertTrue(r.stderr().contains("MemoryError") || r.stderr().contains("OverflowError"), r.stderr());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    @Test
    void twentyKilledExecutionsInARowLeaveThePoolFullAndHealthy() throws InterruptedException {
        int workers = sandbox.settings().maxConcurrent();
        for (int i = 0; i < 20; i++) {
            McpCalls.Exec r = mcp.exec("chunks = []\nwhile True:\n    chunks.append(bytearray(64 * 1024 * 1024))", 60);
            assertEquals(137, r.exitCode(), "execution " + i + ": " + r.stderr());
        }
        long deadline = System.currentTimeMillis() + 120_000;
        SandboxState state = sandbox.state();
        while ((state.workersLive() < workers || state.workersStarting() > 0) && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
            state = sandbox.state();
        }
        assertEquals(workers, state.workersLive(), "pool did not refill: " + state);
        assertTrue(state.workersReplaced() >= 20, state.toString());
        assertEquals("ok\n", mcp.exec("print('ok')").stdout());
    }

    @Test
    void concurrentConnectionsDoNotSeeEachOthersSessions() {
        List<CompletableFuture<String>> results = new ArrayList<>();
        java.util.concurrent.ExecutorService clients = java.util.concurrent.Executors.newFixedThreadPool(4);
        for (int i = 0; i < 4; i++) {
            int n = i;
            results.add(CompletableFuture.supplyAsync(() -> {
                McpCalls calls = new McpCalls();
                calls.exec(Map.of("code", "value = " + n, "session", "same-name"));
                return calls.exec(Map.of("code", "print(value)", "session", "same-name")).stdout();
            }, clients));
        }
        try {
            for (int i = 0; i < 4; i++) {
                assertEquals(i + "\n", results.get(i).join());
            }
        } finally {
            clients.shutdownNow();
        }
    }
}
