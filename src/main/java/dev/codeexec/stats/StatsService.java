package dev.codeexec.stats;

import dev.codeexec.replica.ReplicaIdentity;
import dev.codeexec.sandbox.ExecutionRuns;
import dev.codeexec.sandbox.OpenSession;
import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.sandbox.SandboxState;
import dev.codeexec.tenant.Caller;
import dev.codeexec.workspace.WorkspaceRoots;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.lang.management.ManagementFactory;
import java.util.List;
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
    private final WorkspaceRoots workspaces;
    private final Instance<StatsContributor> contributors;

    private final ReplicaIdentity replica;

    public StatsService(SandboxService sandbox, ExecutionRuns runs, WorkspaceRoots workspaces,
            ReplicaIdentity replica, Instance<StatsContributor> contributors) {
        this.replica = replica;
        this.sandbox = sandbox;
        this.runs = runs;
        this.workspaces = workspaces;
        this.contributors = contributors;
    }

    /**
     * A snapshot for a caller; {@code owner} is its id ({@link Caller#id()}), for its own counts and its tenant's.
     * Executions, context, runs and sessions are its tenant's alone; of other tenants' work it shows only what
     * docs/THREAT_MODEL.md (T10) accepts: the load and the shared pool. The server-wide figures are the operator's,
     * at /q/metrics.
     */
    public ServerStats snapshot(String owner) {
        String tenant = Caller.tenantOf(owner);
        SandboxState pool = sandbox.state();
        List<OpenSession> sessions = sandbox.sessions(tenant);
        return new ServerStats(replica.id(), ManagementFactory.getRuntimeMXBean().getUptime() / 1000, sandbox.ready(),
                sandbox.tenantStats(tenant), sandbox.stats(owner), sandbox.context(owner), runs.stats(tenant),
                pool == null ? null : pool.withSessions(sessions.size()), sessions, sandbox.osSandbox(),
                sandbox.workerJdk(), sandbox.jit(),
                workspaces.files(tenant).summary(), sandbox.packages().packages(), MemoryStats.now(), capabilities(tenant));
    }

    private Map<String, Object> capabilities(String tenant) {
        Map<String, Object> figures = new TreeMap<>();
        for (StatsContributor contributor : contributors) {
            try {
                figures.put(contributor.name(), contributor.stats(tenant));
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
