package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.engine.HostCalls;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A worker whose JVM refuses the operator's options: the server log says what the JVM said and which setting to look
 * at, and the callers' message keeps the worker's words out.
 */
@Execution(ExecutionMode.CONCURRENT)
class WorkerStartFailureTest {

    @TempDir
    Path dir;

    @Test
    void aJvmThatRefusesItsOptionsIsReportedWithItsWordsAndTheSetting() throws Exception {
        Path root = Files.createDirectories(dir.resolve("workspace"));
        // Under the OS sandbox this machine has, as in the server: the JVM's stderr comes through bwrap too.
        WorkerLauncher launcher = TestLaunchers.launcher(dir, root, Duration.ofMinutes(2), 0, 1,
                List.of("-XX:NoSuchWorkerOption"), SandboxSettings.OsSandboxMode.AUTO);
        HostCalls host = (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}";
        WorkerProcess worker = TestLaunchers.start(launcher, root, WorkerStart.SERVE_FIRST, host);
        WorkerProcess.WorkerGone gone = assertThrows(WorkerProcess.WorkerGone.class,
                () -> worker.awaitReady(Duration.ofMinutes(2)));
        assertEquals("worker failed to start: worker 1 closed its channel", gone.getMessage());
        String logged = worker.startFailure();
        assertTrue(logged.contains("Unrecognized VM option 'NoSuchWorkerOption'"), logged);
        assertTrue(logged.endsWith("; the JVM did not start: check sandbox.worker.jvm-options"), logged);
        assertFalse(worker.alive());
    }
}
