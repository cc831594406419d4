package dev.codeexec.workspace;

import dev.codeexec.tenant.Tenants;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Each tenant's workspace: the local tenant's is {@code sandbox.workspace}, every other tenant's is
 * {@code workspace.tenants-dir/<tenant>}. Neither may contain the other, so no tenant can reach another's files
 * by any path. Each has one {@link WorkspaceLedger}, here in the server, the only process that sees every writer
 * (the file tools and guest code in every worker). Created, and measured, on first use.
 */
@ApplicationScoped
public class WorkspaceRoots {

    private static final Logger LOG = Logger.getLogger(WorkspaceRoots.class.getName());

    private final Path local;
    private final Path tenantsDir;
    private final WorkspaceConfig config;
    private final Executor recounts;
    private final Map<String, WorkspaceRoot> roots = new ConcurrentHashMap<>();
    /** Each measured (one walk of the tree) on first use, which {@link #root} alone never causes. */
    private final Map<String, WorkspaceFiles> files = new ConcurrentHashMap<>();

    @Inject
    public WorkspaceRoots(@ConfigProperty(name = "sandbox.workspace", defaultValue = "workspace") Path local,
            WorkspaceConfig config) {
        this(local, config, task -> Thread.ofVirtual().name("workspace-recount").start(task));
    }

    WorkspaceRoots(Path local, WorkspaceConfig config, Executor recounts) {
        this.local = local.toAbsolutePath().normalize();
        this.tenantsDir = config.tenantsDir().toAbsolutePath().normalize();
        this.config = config;
        this.recounts = recounts;
        if (this.tenantsDir.startsWith(this.local) || this.local.startsWith(this.tenantsDir)) {
            throw new IllegalArgumentException("workspace.tenants-dir (" + this.tenantsDir + ") and sandbox.workspace ("
                    + this.local + ") must not contain each other: one tenant could read another's files");
        }
    }

    /**
     * Measures the local workspace off the start-up path, so its first write does not wait for the walk; warns when
     * file names outside ASCII will be refused.
     */
    void start(@Observes StartupEvent event) {
        FileNameEncoding.ofThisJvm().startupWarning().ifPresent(LOG::warning);
        recounts.execute(() -> files(Tenants.LOCAL));
    }

    /** The tenant's workspace root, created if needed. */
    public WorkspaceRoot root(String tenant) {
        return roots.computeIfAbsent(tenant,
                t -> new WorkspaceRoot(Tenants.LOCAL.equals(t) ? local : tenantsDir.resolve(t)));
    }

    /** The ledger accounting the tenant's workspace against its quota. */
    public WorkspaceLedger ledger(String tenant) {
        return files(tenant).ledger();
    }

    /** The workspace file tools on the tenant's workspace. */
    public WorkspaceFiles files(String tenant) {
        return files.computeIfAbsent(tenant, t -> new WorkspaceFiles(
                WorkspaceLedger.measure(root(t), config.quota(), recounts), config.maxReadBytes(),
                config.defaultReadBytes()));
    }

    /** The tenants whose workspace was measured since start: the only ones anything was written to since. */
    public java.util.Set<String> measuredTenants() {
        return java.util.Set.copyOf(files.keySet());
    }

    /** The directory holding every non-local tenant's workspace (which may not exist yet). */
    public Path tenantsDir() {
        return tenantsDir;
    }
}
