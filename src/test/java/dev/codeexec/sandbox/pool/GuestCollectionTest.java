package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The guest's gc.collect() in a real worker: GraalPy runs the JVM's diagnostic command GC.run and then System.gc(),
 * two full collections where one does the work; the worker's command makes System.gc() do nothing, so no full
 * collection in the worker's collector log is System.gc()'s (mutation-checked: without -XX:+DisableExplicitGC there
 * is one per call). The call still collects: a weak reference to what the run dropped is cleared by it.
 */
@Execution(ExecutionMode.CONCURRENT)
class GuestCollectionTest {

    static final Duration PATIENCE = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void gcCollectMakesOneFullCollectionThatClearsWhatTheRunDropped() throws Exception {
        Path root = Files.createDirectories(dir.resolve("workspace"));
        Path log = dir.resolve("gc.log");
        // Without the OS sandbox, so that the worker can write its log outside the workspace.
        WorkerLauncher launcher = TestLaunchers.launcher(dir, root, PATIENCE, 0, 1, List.of("-Xlog:gc:file=" + log),
                SandboxSettings.OsSandboxMode.OFF);
        WorkerProcess worker = TestLaunchers.start(launcher, root, WorkerStart.SERVE_FIRST, HostCalls.REFUSE_ALL);
        try {
            worker.awaitReady(PATIENCE);
            WorkerMessages.Reply reply = worker.execute(new ExecutionRequest("""
                    import gc, weakref
                    class Box:
                        pass
                    box = Box()
                    ref = weakref.ref(box)
                    del box
                    for _ in range(3):
                        gc.collect()
                    print(ref() is None)
                    """, "", PATIENCE, "caller", null, ExecutionRequest.Reuse.FRESH, RunHooks.none(), null, null),
                    List.of(), PATIENCE, PATIENCE, PATIENCE, WorkerProcessProtocolTest.NO_OVERRUN, new RecordedOutput(0));
            assertEquals("True\n", reply.result().stdout(), reply.result().stderr());
            List<String> full = Files.readAllLines(log).stream().filter(line -> line.contains("Pause Full")).toList();
            assertTrue(full.stream().filter(line -> line.contains("(Diagnostic Command)")).count() >= 3, full.toString());
            assertFalse(full.stream().anyMatch(line -> line.contains("(System.gc())")), full.toString());
        } finally {
            worker.kill();
        }
    }
}
