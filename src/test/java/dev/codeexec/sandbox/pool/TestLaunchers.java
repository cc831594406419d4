package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.protocol.FrameLimits;
import dev.codeexec.workspace.WorkspaceQuota;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** Launchers and starts of real worker processes for the tests that drive one without a pool. */
final class TestLaunchers {

    private TestLaunchers() {
    }

    /**
     * A launcher for workers on {@code root} compiled by C1 alone, as the test profile's workers
     * (application.properties), under the OS sandbox this machine has; its scratch files go under {@code dir}.
     */
    static WorkerLauncher c1(Path dir, Path root, Duration startTimeout, int warmupRounds, int concurrentRuns) {
        return launcher(dir, root, startTimeout, warmupRounds, concurrentRuns, List.of(),
                SandboxSettings.OsSandboxMode.AUTO);
    }

    /** The same with {@code jvmOptions} after C1's, under the OS sandbox {@code osSandboxMode} asks for. */
    static WorkerLauncher launcher(Path dir, Path root, Duration startTimeout, int warmupRounds, int concurrentRuns,
            List<String> jvmOptions, SandboxSettings.OsSandboxMode osSandboxMode) {
        List<String> options = new java.util.ArrayList<>(List.of("-XX:TieredStopAtLevel=1"));
        options.addAll(jvmOptions);
        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.PROCESS, root,
                Path.of("python-packages"), 1 << 16, 16, 1, 1, 0, OptionalInt.empty(), Duration.ofSeconds(1), 8,
                Duration.ofMinutes(30), new SandboxSettings.Warm(3, Duration.ofMinutes(1), 2, 100),
                new SandboxSettings.Worker(256, 0, 0, startTimeout, List.copyOf(options),
                        Optional.empty(), Optional.empty(), SandboxSettings.Jit.AUTO, Optional.empty(), warmupRounds,
                        osSandboxMode, dir.resolve("polyglot-resources"), Duration.ZERO, concurrentRuns),
                new WorkspaceQuota(1 << 20, 1 << 24, 100, 32));
        OsSandbox osSandbox = OsSandboxProbe.choose(settings.worker().osSandbox(),
                new OsSandbox.Confinement(WorkerLauncher.writableDirectories(List.of(root))), dir.resolve("data"));
        return new WorkerLauncher(settings, WorkerRuntime.choose(settings.worker()), osSandbox, List.of());
    }

    /** Worker 1 of {@code launcher} on {@code root}, started as {@code start} says; {@code host} answers its calls. */
    static WorkerProcess start(WorkerLauncher launcher, Path root, WorkerStart start, HostCalls host)
            throws IOException {
        return new WorkerProcess(1, launcher.processBuilder(root, start).start(), host, Runnable::run, millis -> { },
                FrameLimits.fromWorker(1 << 20), broken -> { }, refused -> { });
    }
}
