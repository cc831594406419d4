package dev.codeexec.sandbox;

import dev.codeexec.sandbox.engine.InProcessExecutor;
import dev.codeexec.sandbox.engine.SandboxContexts;
import dev.codeexec.sandbox.pool.EarlyWorker;
import dev.codeexec.sandbox.pool.OsSandbox;
import dev.codeexec.sandbox.pool.ProcessExecutor;
import dev.codeexec.sandbox.pool.SlotShares;
import dev.codeexec.sandbox.pool.WorkerRuntime;
import dev.codeexec.workspace.WorkspaceRoot;
import java.nio.file.Path;
import java.util.List;

/** Picks the executor the operator asked for. */
final class ExecutorFactory {
    private ExecutorFactory() {
    }

    /**
     * @param served  the workspaces of the tenants callers can reach, whose workers a pool starts first
     * @param shares  how a pool shares its running slots between tenants (in-process mode has no tenants' workers)
     * @param dataDir the data directory, which records the pool's first worker for the next start ({@link EarlyWorker})
     */
    static CodeExecutor create(SandboxSettings settings, WorkspaceRoot workspace, List<Path> served, SlotShares shares,
            PythonPackages packages, HostBridge bridge, WorkerRuntime runtime, OsSandbox osSandbox, List<Path> hidden, Path dataDir) {
        return switch (settings.isolation()) {
            case IN_PROCESS -> {
                EarlyWorker.discard();
                yield new InProcessExecutor(new SandboxContexts(workspace, packages, settings.quota(),
                        settings.threadsPerRun(), System.err, bridge), settings);
            }
            case PROCESS -> {
                EarlyWorker early = EarlyWorker.claim(dataDir);
                try {
                    yield new ProcessExecutor(settings, workspace, served, shares, bridge, runtime, osSandbox, hidden, early);
                } catch (RuntimeException | Error e) {
                    early.close();
                    throw e;
                }
            }
        };
    }
}
