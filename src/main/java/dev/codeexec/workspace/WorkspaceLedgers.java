package dev.codeexec.workspace;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;

/**
 * The one {@link WorkspaceLedger} of each workspace root, in the server: the only process that sees every writer
 * (the file tools and guest code in every worker). Ledgers are made, and their root walked, on first use.
 */
@ApplicationScoped
public class WorkspaceLedgers {

    private final WorkspaceQuota quota;
    private final WorkspaceRoot workspace;
    private final Executor recounts;
    private final ConcurrentMap<Path, WorkspaceLedger> ledgers = new ConcurrentHashMap<>();

    @Inject
    public WorkspaceLedgers(WorkspaceConfig config, WorkspaceRoot workspace) {
        this(config.quota(), workspace, task -> Thread.ofVirtual().name("workspace-recount").start(task));
    }

    WorkspaceLedgers(WorkspaceQuota quota, WorkspaceRoot workspace, Executor recounts) {
        this.quota = quota;
        this.workspace = workspace;
        this.recounts = recounts;
    }

    /** Measures the workspace off the start-up path, so the first write does not wait for the walk. */
    void start(@Observes StartupEvent event) {
        recounts.execute(() -> of(workspace));
    }

    /** The ledger of {@code root}. */
    public WorkspaceLedger of(WorkspaceRoot root) {
        return ledgers.computeIfAbsent(root.path(), path -> WorkspaceLedger.measure(root, quota, recounts));
    }

    /**
     * The ledger of the workspace {@code owner} (a connection the server knows, never a name a worker claims)
     * writes to. There is one workspace today; per-owner roots map here.
     */
    public WorkspaceLedger forOwner(String owner) {
        return of(workspace);
    }
}
