package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.workspace.WorkspaceQuota;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which settings give the workers' ahead-of-time cache a new name, and so a new recording (about a minute of a
 * worker's CPU): the JVM's options and the warm-up rounds, which shape what the cache holds; not the limits a worker is
 * told as arguments, which the JVM never sees.
 */
class WorkerAotCacheNameTest {

    @TempDir
    Path dir;

    @Test
    void limitsKeepTheCacheAndJvmOptionsOrWarmUpRoundsNameANewOne() {
        assumeTrue(Runtime.version().feature() >= 25, "the one-step ahead-of-time cache needs JDK 25");
        WorkspaceQuota quota = new WorkspaceQuota(1 << 20, 1 << 24, 100, 32);
        Path cache = cacheOf(1 << 16, quota, 256, 1);
        assertEquals(cache, cacheOf(1 << 12, new WorkspaceQuota(1 << 10, 1 << 12, 5, 4), 256, 1),
                "other output and workspace limits renamed the cache");
        assertNotEquals(cache, cacheOf(1 << 16, quota, 512, 1), "another heap size kept the cache");
        assertNotEquals(cache, cacheOf(1 << 16, quota, 256, 2), "other warm-up rounds kept the cache");
    }

    private Path cacheOf(int inlineOutputBytes, WorkspaceQuota quota, int heapMb, int warmupRounds) {
        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.PROCESS, dir.resolve("workspace"),
                Path.of("python-packages"), inlineOutputBytes, 16, 1, 1, 0, OptionalInt.empty(), Duration.ofSeconds(1),
                8, Duration.ofMinutes(30), new SandboxSettings.Warm(3, Duration.ofMinutes(1), 2, 100),
                new SandboxSettings.Worker(heapMb, 0, 0, Duration.ofMinutes(2), List.of(), Optional.empty(),
                        Optional.empty(), SandboxSettings.Jit.OFF, Optional.of(dir.resolve("aot")), warmupRounds,
                        SandboxSettings.OsSandboxMode.OFF, dir.resolve("polyglot-resources"), Duration.ZERO, 1),
                quota);
        WorkerLauncher launcher = new WorkerLauncher(settings, WorkerRuntime.choose(settings.worker()),
                OsSandbox.none(), List.of());
        return launcher.aot().orElseThrow().files().get(0);
    }
}
