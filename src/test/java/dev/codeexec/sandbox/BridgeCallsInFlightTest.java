package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import dev.codeexec.tenant.Tenants;
import dev.codeexec.workspace.WorkspaceRoots;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A run's guest threads each make a large bridge call at once, through a real worker: the server lets in one tenant's
 * calls only as far as sandbox.bridge.max-args-chars goes, so the next waits for the one inside (before, each went
 * into its service beside the others, and fifteen PII sanitizes of 4 Mi characters ran the shared server out of heap).
 */
@QuarkusTest
class BridgeCallsInFlightTest {

    @Inject
    SandboxService sandbox;
    @Inject
    HostBridge bridge;
    @Inject
    EchoBridgeHandler echo;
    @Inject
    WorkspaceRoots workspaces;

    /** A write that waited behind the held calls would never land: the timeout fails the test then. */
    @Test
    @Timeout(120)
    void aTenantsLargeCallsGoThroughTheServerOneAtATimeWhileItsWritesGoOn() throws Exception {
        // Two threads, each a call of 3 Mi characters: together past the 4 Mi budget.
        String code = """
                import _codeexec_bridge as b, threading, json
                b.call("echo", "echo")  # imports what a call needs before two threads race to import it
                big = "a" * (3 * 2**20)
                out = []
                ts = [threading.Thread(target=lambda: out.append(b.call("echo", "hold", {"x": big}))) for _ in range(2)]
                [t.start() for t in ts]
                import os, time
                while not os.path.exists("bridge-in-flight.go"):  # the test's word: the second call waits now
                    time.sleep(0.01)
                with open("bridge-in-flight.txt", "w") as f:  # the file system's ledger calls never wait behind it
                    f.write("written")
                [t.join() for t in ts]
                print(sorted(out))
                """;
        Path written = workspaces.root(Tenants.LOCAL).path().resolve("bridge-in-flight.txt");
        Path go = written.resolveSibling("bridge-in-flight.go");
        Files.deleteIfExists(written);
        Files.deleteIfExists(go);
        CompletableFuture<ExecutionResult> run = CompletableFuture.supplyAsync(() -> sandbox.execute(
                new ExecuteCommand(code, 120, null, null, "local/in-flight", false)));

        int inside;
        try {
            echo.awaitHolding();
            // The second call has reached the server once it waits there, or once it is inside beside the first.
            waitFor(() -> bridge.callsWaiting("local") > 0 || echo.holding() >= 2);
            inside = echo.holding();
            Files.writeString(go, "go");
            waitFor(() -> Files.exists(written));
        } finally {
            echo.release(2);
        }
        assertEquals(1, inside, "the tenant's second large call went into the service beside the first");
        ExecutionResult result = run.get(120, TimeUnit.SECONDS);
        assertEquals(0, result.exitCode(), result.stderr());
        assertEquals("['released', 'released']\n", result.stdout());
    }

    /**
     * Waits until {@code done}, looking every few milliseconds: the worker the test waits on shares the machine's
     * cores, which a spin would take from it.
     */
    private static void waitFor(Callable<Boolean> done) {
        Awaitility.await().atMost(Duration.ofSeconds(110)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5))
                .until(done);
    }
}
