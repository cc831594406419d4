package dev.codeexec.workspace;

import java.nio.file.Path;

/** Workspace settings given outright, for tests that build {@link WorkspaceRoots} without Quarkus. */
public record FixedWorkspaceConfig(Path tenantsDir, long maxFileBytes, long maxTotalBytes, int maxFiles, int maxDepth,
        int maxReadBytes) implements WorkspaceConfig {

    @Override
    public int readPageBytes() {
        return maxReadBytes;
    }
}
