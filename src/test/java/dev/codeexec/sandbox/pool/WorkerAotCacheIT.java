package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The workers' ahead-of-time cache is recorded by a throwaway worker, and a worker started with it comes up.
 * Runs after packaging: the JVM records a cache only for a classpath of jar files, as the packaged server has.
 */
class WorkerAotCacheIT {

    static final Path APP = Path.of("target/quarkus-app");

    @Test
    void aRecordedCacheIsUsedByTheNextWorker() throws IOException, InterruptedException {
        assumeTrue(Runtime.version().feature() >= 25, "the one-step ahead-of-time cache needs JDK 25");
        assertTrue(Files.isDirectory(APP), "package the server first (mvn verify does)");
        Path dir = Path.of("target/aot-cache-test");
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        Path root = Files.createDirectories(Path.of("target/aot-cache-test-workspace"));
        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.PROCESS, root, Path.of("python-packages"), 1 << 16, 16, 1, 1, 0, OptionalInt.empty(),
                Duration.ofSeconds(1), 8, Duration.ofMinutes(30), new SandboxSettings.Warm(3, Duration.ofMinutes(1), 2, 100),
                new SandboxSettings.Worker(256, 0, 0, Duration.ofMinutes(2), List.of(),
                        Optional.of(WorkerClasspath.packaged(APP.toAbsolutePath())),
                        Optional.empty(), SandboxSettings.Jit.OFF, Optional.of(dir), 1, SandboxSettings.OsSandboxMode.AUTO,
                        Path.of("target/aot-cache-test-resources"), Duration.ZERO, 1),
                new WorkspaceQuota(1 << 20, 1 << 24, 100, 32));
        // Workers under the OS sandbox where there is one, as in the server: they must still read the cache.
        List<Path> writable = WorkerLauncher.writableDirectories(List.of(root));
        OsSandbox osSandbox = OsSandboxProbe.choose(settings.worker().osSandbox(),
                new OsSandbox.Confinement(writable));
        WorkerLauncher launcher = new WorkerLauncher(settings,
                WorkerRuntime.choose(settings.worker()), osSandbox, List.of());
        WorkerAotCache cache = launcher.aot().orElseThrow();
        assertTrue(cache.missing());
        assertEquals(List.of(), cache.useOptions());

        Path stale = Files.createDirectories(dir).resolve("worker-0000000000000000.aot");
        Files.writeString(stale, "a cache of an earlier build");
        Path staleModules = dir.resolve("worker-0000000000000000.modules");
        Files.writeString(staleModules, "modules of an earlier build");
        // Pids above the kernel's maximum (4194304) never belong to a live process.
        Path abandoned = dir.resolve("worker-0000000000000000.aot.99999999.partial");
        Files.writeString(abandoned, "a recording whose server died");
        Path recording = dir.resolve("worker-0000000000000001.aot." + ProcessHandle.current().pid() + ".partial");
        Files.writeString(recording, "a recording still under way");
        Path recordingConfig = recording.resolveSibling(recording.getFileName() + ".config");
        Files.writeString(recordingConfig, "the JVM's configuration of that recording");
        cache.train(launcher);

        assertFalse(cache.missing(), "the training worker wrote no cache");
        // The training worker ran its warm-up round before the cache was written: the round's regexes loaded TRegex's
        // matcher classes, which building an interpreter does not.
        Path recorded = Path.of(cache.useOptions().get(0).substring("-XX:AOTCache=".length()));
        String classes = new String(Files.readAllBytes(recorded), java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(classes.contains("TRegexDFAExecutorNode"), "the cache holds no class of the warm-up's regex work");
        assertFalse(Files.exists(stale), "a cache no worker of this build can use was kept");
        assertFalse(Files.exists(staleModules), "modules no worker of this build can use were kept");
        // Beside it, the library modules the training worker compiled, the spares' preload among them.
        String moduleOption = cache.useOptions().stream().filter(o -> o.startsWith("-Dcodeexec.worker.module-code="))
                .findFirst().orElseThrow(() -> new AssertionError("no compiled modules: " + cache.useOptions()));
        String modules = Files.readString(Path.of(moduleOption.substring(moduleOption.indexOf('=') + 1)),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(modules.contains("/json/decoder.py\0") && modules.contains("/traceback.py\0"),
                "json and traceback were not among the compiled modules");
        assertFalse(Files.exists(abandoned), "a partial recording of a dead server was kept");
        assertTrue(Files.exists(recording) && Files.exists(recordingConfig),
                "a live server's recording in progress was removed");
        List<String> command = launcher.processBuilder(root).command();
        assertTrue(command.stream().anyMatch(o -> o.startsWith("-XX:AOTCache=")), command.toString());
        assertTrue(command.contains(moduleOption), command.toString());
        Process worker = launcher.processBuilder(root).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (InputStream out = worker.getInputStream()) {
            assertTrue(out.read() >= 0, "a worker started with the cache never reported ready");
        } finally {
            worker.getOutputStream().close();
            worker.waitFor();
        }
    }
}
