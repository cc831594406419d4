package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.codeexec.sandbox.PythonPackages;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.SessionKey;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A spare is prepared before any caller holds it: workspace files named like the modules it imports must not run
 * then (they would run on nobody's behalf, in an interpreter a caller of the tenant gets later).
 */
@Execution(ExecutionMode.CONCURRENT)
class SparePreloadTest {

    @Test
    void aWorkspaceFileNamedLikeAPreloadedModuleDoesNotRunAndTheCallerFindsTheStandardLibrary() throws Exception {
        Path root = Files.createDirectories(Path.of("target/spare-preload-workspace")).toRealPath();
        Path marker = root.resolve("shadow-ran");
        Files.deleteIfExists(marker);
        Files.writeString(root.resolve("json.py"), "open('shadow-ran', 'w').write('json')\n");
        Files.writeString(root.resolve("csv.py"), "open('shadow-ran', 'w').write('csv')\n");
        WorkspaceQuota quota = new WorkspaceQuota(1 << 20, 1 << 24, 100, 32);
        try (SandboxContexts contexts = new SandboxContexts(new WorkspaceRoot(root),
                PythonPackages.scan(Path.of("python-packages")), quota, 16, OutputStream.nullOutputStream(),
                (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}");
                PythonInterpreter spare = contexts.newInterpreter(contexts.workspace())) {
            new SparePreload().prepare(spare);
            assertFalse(Files.exists(marker), "a workspace module ran while the spare was prepared");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            spare.start("import json, sys\nprint(json.dumps([1]), '' in sys.path, 'spare' in repr(globals()))",
                    new byte[0], "caller", out, OutputStream.nullOutputStream(), false, true).get();
            assertEquals("[1] True False\n", out.toString(StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(root.resolve("json.py"));
            Files.deleteIfExists(root.resolve("csv.py"));
            Files.deleteIfExists(marker);
        }
    }

    /**
     * A spare built while a new caller waits for one goes to that caller as soon as it is built, without the preload:
     * the caller imports what it needs, instead of waiting for ten imports it never asked for (mutation-checked:
     * preparing every spare after the first gives the second caller a prepared one, csv imported).
     */
    @Test
    void aCallerWaitingForASpareGetsItBeforeItsPreload() throws Exception {
        Path root = Files.createDirectories(Path.of("target/spare-wanted-workspace")).toRealPath();
        WorkspaceQuota quota = new WorkspaceQuota(1 << 20, 1 << 24, 100, 32);
        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.IN_PROCESS, root,
                Path.of("python-packages"), 1 << 16, 16, 1, 1, 0, OptionalInt.empty(), Duration.ofSeconds(1), 8,
                Duration.ofMinutes(30), new SandboxSettings.Warm(3, Duration.ofMinutes(30), 2, 100),
                new SandboxSettings.Worker(0, 0, 0, Duration.ZERO, List.of(), Optional.empty(), Optional.empty(),
                        SandboxSettings.Jit.OFF, Optional.empty(), 0), quota);
        try (SandboxContexts contexts = new SandboxContexts(new WorkspaceRoot(root),
                PythonPackages.scan(Path.of("python-packages")), quota, 16, OutputStream.nullOutputStream(),
                (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}");
                InProcessExecutor executor = new InProcessExecutor(contexts, settings)) {
            executor.awaitWarm();
            // The only spare goes to the first caller; the second, right behind it, waits for the next build.
            assertEquals("", csvImported(executor, "first").stderr());
            dev.codeexec.sandbox.ExecutionResult second = csvImported(executor, "second");
            assertEquals("False\n", second.stdout(), "the waiting caller was given a prepared spare");
        }
    }

    private static dev.codeexec.sandbox.ExecutionResult csvImported(InProcessExecutor executor, String caller) {
        return executor.run(new ExecutionRequest("import sys\nprint('csv' in sys.modules)", "", Duration.ofSeconds(60),
                caller, SessionKey.warm(caller), ExecutionRequest.Reuse.WARM), interpreter -> { }).result();
    }
}
