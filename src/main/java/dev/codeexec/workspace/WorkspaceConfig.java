package dev.codeexec.workspace;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Operator settings under {@code workspace.*}; the same quotas bind the tools and sandboxed code. */
@ConfigMapping(prefix = "workspace")
public interface WorkspaceConfig {

    /** Where the workspaces of tenants other than the local one ({@code sandbox.workspace}) live, one per name. */
    @WithDefault("tenants")
    java.nio.file.Path tenantsDir();

    /** Largest single file, in bytes. */
    @WithDefault("67108864")
    long maxFileBytes();

    /** Bytes of all files in the workspace together. */
    @WithDefault("1073741824")
    long maxTotalBytes();

    /** Number of files and directories in the workspace, counted together. */
    @WithDefault("10000")
    int maxFiles();

    /** Deepest path, in levels under the workspace root ({@code a/b/c} is 3). */
    @WithDefault("32")
    int maxDepth();

    /** Largest page one read_workspace_file call returns, in bytes (before base64). */
    @WithDefault("1048576")
    int maxReadBytes();

    /**
     * The page a read returns when it names no length, in bytes, at most {@link #maxReadBytes}: a model reading a
     * spilled output file got a megabyte into its context by default (twice: text and structured content).
     */
    @WithDefault("16384")
    int readPageBytes();

    /** {@link #readPageBytes}, within 1 and {@link #maxReadBytes}. */
    default int defaultReadBytes() {
        return Math.max(1, Math.min(readPageBytes(), maxReadBytes()));
    }

    default WorkspaceQuota quota() {
        return new WorkspaceQuota(maxFileBytes(), maxTotalBytes(), maxFiles(), maxDepth());
    }
}
