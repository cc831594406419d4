package dev.codeexec.workspace;

import java.nio.file.Path;

/**
 * Workspace limits: the largest file, the bytes of all files, the number of files and directories, and how deep
 * a path may go. Plain Java with no CDI, because the sandbox worker process checks the per-file and depth limits
 * on guest writes itself; the totals are kept by the server's {@link WorkspaceLedger}, the one place that sees
 * every writer.
 */
public record WorkspaceQuota(long maxFileBytes, long maxTotalBytes, int maxFiles, int maxDepth) {

    /** Configuration keys, named in every refusal so an operator knows what to raise. */
    static final String MAX_FILE_BYTES = "workspace.max-file-bytes";
    static final String MAX_TOTAL_BYTES = "workspace.max-total-bytes";
    static final String MAX_FILES = "workspace.max-files";
    static final String MAX_DEPTH = "workspace.max-depth";

    public WorkspaceQuota {
        if (maxFileBytes <= 0 || maxTotalBytes <= 0 || maxFiles <= 0 || maxDepth <= 0) {
            throw new IllegalArgumentException("workspace quotas must be positive");
        }
    }

    /** Refuses a file reaching {@code newSize} bytes. */
    public void checkFileSize(long newSize) throws WorkspaceQuotaException {
        if (newSize > maxFileBytes) {
            throw new WorkspaceQuotaException("the file would be " + newSize + " bytes, over " + MAX_FILE_BYTES + "="
                    + maxFileBytes);
        }
    }

    /**
     * Refuses an entry at {@code confined} (a path under {@code root}) whose deepest point would be {@code below}
     * levels under it (0 for a file or an empty directory).
     */
    public void checkDepth(Path root, Path confined, int below) throws WorkspaceQuotaException {
        int depth = root.relativize(confined).getNameCount() + below;
        if (depth > maxDepth) {
            throw new WorkspaceQuotaException("the path would be " + depth + " levels deep, over " + MAX_DEPTH + "="
                    + maxDepth);
        }
    }
}
