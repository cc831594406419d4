package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** sandbox.worker.java-home: workers start from that JDK's java, and the JDK's own abilities decide the options. */
@Execution(ExecutionMode.CONCURRENT)
class WorkerJavaHomeTest {

    @TempDir
    Path dir;

    @Test
    void workersRunOnTheConfiguredJdk() throws IOException, WorkerProcess.WorkerGone {
        // Another JDK directory whose java is the running one: what matters is that the launcher uses it.
        Path home = Files.createDirectories(dir.resolve("other-jdk"));
        Files.createDirectories(home.resolve("bin"));
        Files.createSymbolicLink(home.resolve("bin/java"), WorkerJdk.running().java());
        Files.copy(Path.of(System.getProperty("java.home"), "release"), home.resolve("release"));
        Path root = Files.createDirectories(dir.resolve("workspace"));
        WorkspaceQuota quota = new WorkspaceQuota(1 << 20, 1 << 24, 100, 32);
        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.PROCESS, root,
                Path.of("python-packages"), 1 << 16, 16, 1, 1, 0, OptionalInt.empty(), Duration.ofSeconds(1), 8, Duration.ofMinutes(30),
                new SandboxSettings.Warm(3, Duration.ofMinutes(1), 2, 100),
                // C1 alone, as the test profile's workers (application.properties): this worker only has to start.
                new SandboxSettings.Worker(256, 0, 0, Duration.ofMinutes(2), List.of("-XX:TieredStopAtLevel=1"),
                        Optional.empty(), Optional.of(home), SandboxSettings.Jit.AUTO, Optional.empty(), 0,
                        SandboxSettings.OsSandboxMode.AUTO, dir.resolve("polyglot-resources"), Duration.ZERO, 1), quota);
        // Under the OS sandbox where there is one, as in the server: the JDK's files must be visible to the worker
        // even when the configured directory only links to them (as Debian's /usr/lib/jvm aliases do).
        List<Path> writable = WorkerLauncher.writableDirectories(List.of(root));
        OsSandbox osSandbox = OsSandboxProbe.choose(settings.worker().osSandbox(),
                new OsSandbox.Confinement(writable), dir.resolve("data"));

        WorkerLauncher launcher = new WorkerLauncher(settings,
                WorkerRuntime.choose(settings.worker()), osSandbox, List.of());
        List<String> command = launcher.processBuilder(root, WorkerStart.SERVE_FIRST).command();
        assertTrue(command.contains(home.resolve("bin/java").toString()), command.toString());
        // A stock JDK: interpreter only, so no compiler options.
        assertFalse(command.stream().anyMatch(o -> o.startsWith("--upgrade-module-path")), command.toString());
        // The operator's options choose C1 alone for every worker: a quick first worker would be no different.
        assertFalse(launcher.quickStart());

        HostCalls host = (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}";
        WorkerProcess worker = TestLaunchers.start(launcher, root, WorkerStart.SERVE_FIRST, host);
        try {
            worker.awaitReady(Duration.ofMinutes(2));
        } finally {
            worker.kill();
        }
    }
}
