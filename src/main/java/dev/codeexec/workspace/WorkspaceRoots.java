package dev.codeexec.workspace;

import dev.codeexec.tenant.Tenants;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Each tenant's workspace: the local tenant's is {@code sandbox.workspace}, every other tenant's is
 * {@code workspace.tenants-dir/<tenant>}. Neither may contain the other, so no tenant can reach another's files
 * by any path. Created on first use.
 */
@ApplicationScoped
public class WorkspaceRoots {

    private final Path local;
    private final Path tenantsDir;
    private final WorkspaceConfig config;
    private final Map<String, WorkspaceFiles> files = new ConcurrentHashMap<>();

    public WorkspaceRoots(@ConfigProperty(name = "sandbox.workspace", defaultValue = "workspace") Path local,
            WorkspaceConfig config) {
        this.local = local.toAbsolutePath().normalize();
        this.tenantsDir = config.tenantsDir().toAbsolutePath().normalize();
        this.config = config;
        if (this.tenantsDir.startsWith(this.local) || this.local.startsWith(this.tenantsDir)) {
            throw new IllegalArgumentException("workspace.tenants-dir (" + this.tenantsDir + ") and sandbox.workspace ("
                    + this.local + ") must not contain each other: one tenant could read another's files");
        }
        files.put(Tenants.LOCAL, new WorkspaceFiles(new WorkspaceRoot(this.local), config));
    }

    /** The tenant's workspace root, created if needed. */
    public WorkspaceRoot root(String tenant) {
        return files(tenant).root();
    }

    /** The workspace file tools on the tenant's workspace. */
    public WorkspaceFiles files(String tenant) {
        return files.computeIfAbsent(tenant, t -> new WorkspaceFiles(new WorkspaceRoot(tenantsDir.resolve(t)), config));
    }

    /** The directory holding every non-local tenant's workspace (which may not exist yet). */
    public Path tenantsDir() {
        return tenantsDir;
    }
}
