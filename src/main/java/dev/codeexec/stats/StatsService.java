package dev.codeexec.stats;

import dev.codeexec.sandbox.ExecutionRuns;
import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.workspace.WorkspaceFiles;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Gathers the figures behind get_execution_stats and GET /api/v1/stats: the sandbox's counters and
 * pool, the workspace, memory, and whatever {@link StatsContributor} beans other capabilities add.
 */
@ApplicationScoped
public class StatsService {

    private static final Logger LOG = Logger.getLogger(StatsService.class.getName());

    private final SandboxService sandbox;
    private final ExecutionRuns runs;
    private final WorkspaceFiles workspace;
    private final Instance<StatsContributor> contributors;

    public StatsService(SandboxService sandbox, ExecutionRuns runs, WorkspaceFiles workspace,
            Instance<StatsContributor> contributors) {
        this.sandbox = sandbox;
        this.runs = runs;
        this.workspace = workspace;
        this.contributors = contributors;
    }

    /** A snapshot; {@code owner} is the caller's connection id (or "rest"), for its own counts. */
    public ServerStats snapshot(String owner) {
        return new ServerStats(ManagementFactory.getRuntimeMXBean().getUptime() / 1000, sandbox.ready(),
                sandbox.stats(), sandbox.stats(owner), runs.stats(), sandbox.state(), workspace.summary(), sandbox.packages().packages(), MemoryStats.now(),
                capabilities());
    }

    private Map<String, Object> capabilities() {
        Map<String, Object> figures = new TreeMap<>();
        for (StatsContributor contributor : contributors) {
            try {
                figures.put(contributor.name(), contributor.stats());
            } catch (RuntimeException e) {
                // One capability's broken figures must not take the operator's whole view down with them.
                LOG.log(Level.WARNING, "stats contributor {0} failed: {1}",
                        new Object[] {contributor.name(), e.getClass().getSimpleName()});
                figures.put(contributor.name(), Map.of("error", "unavailable"));
            }
        }
        return figures;
    }
}
