package dev.codeexec.sandbox.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.PythonPackages;
import dev.codeexec.sandbox.engine.SandboxContexts;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The worker's warm-up script runs cleanly in a confined interpreter, touches no files, and yields to executions. */
@Execution(ExecutionMode.CONCURRENT)
class WorkerWarmupTest {

    @Test
    void warmUpRoundsCompleteOnlyWhileIdleAndLeaveTheWorkspaceUntouched() throws IOException {
        Path root = Files.createDirectories(Path.of("target/warmup-workspace"));
        Path temp = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "warmup-temp-");
        AtomicInteger idleChecks = new AtomicInteger();
        try (SandboxContexts contexts = new SandboxContexts(new WorkspaceRoot(root),
                PythonPackages.scan(Path.of("python-packages")), new WorkspaceQuota(1 << 20, 1 << 24, 100, 32), 16, OutputStream.nullOutputStream(),
                (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}")) {
            // Busy for the first two checks: the first round must wait for the third.
            WorkerWarmup warmup = new WorkerWarmup(contexts, 2, () -> idleChecks.incrementAndGet() > 2, temp);

            assertEquals(2, warmup.run(), "a warm-up round failed; see the log");
        }
        assertTrue(idleChecks.get() >= 4, "rounds ran without asking whether the worker was idle");
        try (Stream<Path> files = Files.list(root)) {
            assertEquals(0, files.count(), "the warm-up wrote into the workspace");
        }
        try (Stream<Path> left = Files.list(temp)) {
            assertEquals(List.of(), left.toList(), "the warm-up left its scratch directory behind");
        }
        // Empty, as just checked: each run would otherwise leave one more under target/.
        Files.delete(temp);
    }

    /**
     * A caller's module named like one the script imports must not run in the warm-up (it did when the warm-up's
     * interpreter was rooted in the worker's workspace, with "" first on sys.path). Mutation-checked: with the
     * interpreter rooted in {@code contexts.workspace()} the planted module raises and the round fails.
     */
    @Test
    void aPlantedWorkspaceModuleIsNeverImported() throws IOException {
        Path root = Files.createDirectories(Path.of("target/warmup-planted"));
        Files.writeString(root.resolve("csv.py"), "raise SystemExit(97)\n");
        try (SandboxContexts contexts = new SandboxContexts(new WorkspaceRoot(root),
                PythonPackages.scan(Path.of("python-packages")), new WorkspaceQuota(1 << 20, 1 << 24, 100, 32),
                16, OutputStream.nullOutputStream(), (owner, service, method, args) -> {
                    throw new AssertionError("the warm-up reached the host bridge: " + service);
                })) {
            assertEquals(1, new WorkerWarmup(contexts, 1, () -> true).run(),
                    "the warm-up round failed: the planted csv.py was imported");
        }
    }

    @Test
    void zeroRoundsBuildsNoInterpreter() {
        WorkerWarmup warmup = new WorkerWarmup(null, 0, () -> {
            throw new AssertionError("asked whether idle with warm-up off");
        });
        assertEquals(0, warmup.run());
    }
}
