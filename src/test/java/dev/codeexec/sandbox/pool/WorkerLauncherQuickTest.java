package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.SandboxSettings;
import dev.codeexec.sandbox.worker.SandboxWorkerMain;
import dev.codeexec.workspace.WorkspaceQuota;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quick worker's command line: C1 alone, given before the operator's options so that theirs win, and no warm-up
 * rounds; every other worker's is unchanged (mutation-checked: with the flag after the operator's options, or the
 * rounds kept, the matching assertion fails). Workers that C2 compiles get its inlining settings for the guest's
 * interpreter, before the operator's options. Options that choose the tiers leave no quick start. Only the quick
 * worker's successor asks to warm up before it is ready.
 */
class WorkerLauncherQuickTest {

    private static final String C1_ALONE = "-XX:TieredStopAtLevel=1";

    @TempDir
    Path dir;

    private WorkerLauncher launcher(List<String> jvmOptions) throws Exception {
        Path root = Files.createDirectories(dir.resolve("workspace"));
        SandboxSettings settings = new SandboxSettings(SandboxSettings.Isolation.PROCESS, root,
                Path.of("python-packages"), 1 << 16, 16, 1, 1, 0, OptionalInt.empty(), Duration.ofSeconds(1), 8,
                Duration.ofMinutes(30), new SandboxSettings.Warm(3, Duration.ofMinutes(1), 2, 100),
                new SandboxSettings.Worker(256, 0, 0, Duration.ofMinutes(2), jvmOptions, Optional.empty(),
                        Optional.empty(), SandboxSettings.Jit.OFF, Optional.empty(), 6, SandboxSettings.OsSandboxMode.OFF,
                        dir.resolve("polyglot-resources"), Duration.ZERO, 1),
                new WorkspaceQuota(1 << 20, 1 << 24, 100, 32));
        return new WorkerLauncher(settings, WorkerRuntime.choose(settings.worker()), OsSandbox.none(), List.of());
    }

    /** The warm-up rounds among the main class's arguments (after the workspace: see SandboxWorkerMain). */
    private static String warmupRounds(List<String> command) {
        return command.get(command.indexOf(SandboxWorkerMain.class.getName()) + 1 + 9);
    }

    /** Whether the worker runs its warm-up before it is ready: the main class's last argument. */
    private static String warmFirst(List<String> command) {
        assertEquals(command.indexOf(SandboxWorkerMain.class.getName()) + 1 + 14, command.size() - 1, command.toString());
        return command.getLast();
    }

    @Test
    void aQuickWorkerIsCompiledByC1AloneUnlessTheOperatorSaysOtherwiseAndRunsNoWarmUp() throws Exception {
        WorkerLauncher launcher = launcher(List.of("-XX:TieredStopAtLevel=4"));
        Path workspace = dir.resolve("workspace");
        List<String> quick = launcher.processBuilder(workspace, WorkerStart.QUICK).command();
        List<String> full = launcher.processBuilder(workspace, WorkerStart.SERVE_FIRST).command();
        List<String> successor = launcher.processBuilder(workspace, WorkerStart.WARM_FIRST).command();
        assertTrue(quick.indexOf(C1_ALONE) >= 0 && quick.indexOf(C1_ALONE) < quick.indexOf("-XX:TieredStopAtLevel=4"),
                quick.toString());
        assertFalse(full.contains(C1_ALONE), full.toString());
        assertEquals("0", warmupRounds(quick));
        assertEquals("6", warmupRounds(full));
        assertEquals("6", warmupRounds(successor));
        assertEquals(List.of("false", "false", "true"), List.of(warmFirst(quick), warmFirst(full), warmFirst(successor)));
        assertEquals(full.subList(0, full.size() - 1), successor.subList(0, successor.size() - 1));
        // Here the operator chose the tiers: every worker is the same, so none starts quick.
        assertFalse(launcher.quickStart());
    }

    @Test
    void workersThatC2CompilesInlineTheInterpretersSmallMethodsUnlessTheOperatorSaysOtherwise() throws Exception {
        WorkerLauncher launcher = launcher(List.of("-XX:MaxTrivialSize=6"));
        Path workspace = dir.resolve("workspace");
        List<String> quick = launcher.processBuilder(workspace, WorkerStart.QUICK).command();
        for (WorkerStart start : List.of(WorkerStart.SERVE_FIRST, WorkerStart.WARM_FIRST)) {
            List<String> command = launcher.processBuilder(workspace, start).command();
            int at = command.indexOf("-XX:MaxTrivialSize=14");
            assertTrue(command.contains("-XX:-ClipInlining") && at >= 0 && at < command.indexOf("-XX:MaxTrivialSize=6"),
                    command.toString());
        }
        // C1 alone has nothing to gain from them.
        assertFalse(quick.contains("-XX:MaxTrivialSize=14") || quick.contains("-XX:-ClipInlining"), quick.toString());
    }

    @Test
    void workersWithoutATrufflesCompilerOrChosenTiersStartQuick() throws Exception {
        assertTrue(launcher(List.of("-Xss8m")).quickStart());
        assertFalse(launcher(List.of("-XX:-TieredCompilation")).quickStart());
    }
}
