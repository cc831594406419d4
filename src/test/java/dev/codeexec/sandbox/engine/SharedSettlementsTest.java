package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.codeexec.sandbox.PythonPackages;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The interpreters one process builds share the settlements its worker did not forward: a run whose settlement went
 * unforwarded (its execution was over, as a run stopped at its deadline settles as it is closed) settles with another
 * interpreter's next call to the ledger (mutation-checked: with settlements kept per interpreter, that call carries
 * none and the lease stays open until the worker exits).
 */
@Execution(ExecutionMode.CONCURRENT)
class SharedSettlementsTest {

    @Test
    void anInterpreterClosedBetweenRunsLeavesItsSettlementsToAnother() throws Exception {
        Path root = Files.createDirectories(Path.of("target/shared-settlements-workspace")).toRealPath();
        Files.deleteIfExists(root.resolve("left.txt"));
        Files.deleteIfExists(root.resolve("next.txt"));
        List<String> calls = new CopyOnWriteArrayList<>();
        HostCalls server = FakeLedger.granting(calls, Long.MAX_VALUE);
        // The worker forwards the first interpreter's first call (its reservation) and nothing after it.
        AtomicInteger calledBefore = new AtomicInteger();
        try (SandboxContexts contexts = new SandboxContexts(new WorkspaceRoot(root),
                PythonPackages.scan(Path.of("python-packages")), new WorkspaceQuota(1 << 20, 1 << 24, 100, 32), 16,
                OutputStream.nullOutputStream(), server)) {
            PythonInterpreter held = contexts.newInterpreter(contexts.workspace(),
                    FakeLedger.forwardedWhile(() -> calledBefore.getAndIncrement() == 0, server));
            held.start("f = open('left.txt', 'w')\nf.write('x')\nf.flush()", new byte[0], "caller",
                    OutputStream.nullOutputStream(), OutputStream.nullOutputStream(), false, true).get();
            held.close();
            assertEquals(List.of("reserve"), calls);
            try (PythonInterpreter next = contexts.newInterpreter(contexts.workspace())) {
                next.start("open('next.txt', 'w').write('n')", new byte[0], "caller", OutputStream.nullOutputStream(),
                        OutputStream.nullOutputStream(), false, false).get();
            }
            // The first interpreter's lease (one byte, one entry) with the second's reservation; then the second's own
            // at the end of its run.
            assertEquals(List.of("reserve", "reserve [[1,1,1,0]]", "settle [[2,1,1,0]]"), calls);
        } finally {
            Files.deleteIfExists(root.resolve("left.txt"));
            Files.deleteIfExists(root.resolve("next.txt"));
        }
    }
}
