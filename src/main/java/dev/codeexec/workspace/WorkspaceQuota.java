package dev.codeexec.workspace;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Workspace limits: the largest file, the bytes of all files, the number of files. Plain Java with no
 * CDI, because the sandbox worker process enforces the same limits on guest writes that the workspace
 * tools enforce on theirs.
 *
 * <p>A write is judged against the usage measured when it starts: the file may grow to at most
 * {@code min(maxFileBytes, maxTotalBytes - bytes of all other files)}. Two writers that start at the
 * same moment in different processes can together overshoot the total by at most one file's growth.
 */
public record WorkspaceQuota(long maxFileBytes, long maxTotalBytes, int maxFiles) {

    /** Configuration keys, named in every refusal so an operator knows what to raise. */
    static final String MAX_FILE_BYTES = "workspace.max-file-bytes";
    static final String MAX_TOTAL_BYTES = "workspace.max-total-bytes";
    static final String MAX_FILES = "workspace.max-files";

    public WorkspaceQuota {
        if (maxFileBytes <= 0 || maxTotalBytes <= 0 || maxFiles <= 0) {
            throw new IllegalArgumentException("workspace quotas must be positive");
        }
    }

    /** Counts the regular files under {@code root} and their bytes; symlinks are not followed. */
    public static WorkspaceUsage usage(Path root) throws IOException {
        long[] totals = new long[2];
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile()) {
                    totals[0]++;
                    totals[1] += attrs.size();
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                // A file deleted while we walk is simply not counted.
                return FileVisitResult.CONTINUE;
            }
        });
        return new WorkspaceUsage(totals[0], totals[1]);
    }

    /** Refuses a new file when the workspace already holds {@code maxFiles}. */
    public void checkNewFile(WorkspaceUsage usage) throws WorkspaceQuotaException {
        if (usage.files() >= maxFiles) {
            throw new WorkspaceQuotaException("the workspace already holds " + usage.files() + " files, the limit ("
                    + MAX_FILES + "=" + maxFiles + ")");
        }
    }

    /**
     * Refuses a file reaching {@code newSize} bytes when it would break the file or total limit.
     *
     * @param otherBytes bytes of every other file in the workspace
     */
    public void checkSize(long newSize, long otherBytes) throws WorkspaceQuotaException {
        if (newSize > maxFileBytes) {
            throw new WorkspaceQuotaException("the file would be " + newSize + " bytes, over " + MAX_FILE_BYTES + "="
                    + maxFileBytes);
        }
        if (otherBytes + newSize > maxTotalBytes) {
            throw new WorkspaceQuotaException("the workspace would hold " + (otherBytes + newSize) + " bytes, over "
                    + MAX_TOTAL_BYTES + "=" + maxTotalBytes);
        }
    }

    /**
     * Wraps a writable channel so that no write makes its file break a limit: the offending write is
     * refused whole with a {@link WorkspaceQuotaException}, and what was written before stays.
     *
     * @param otherBytes bytes of every other file in the workspace when the channel was opened
     * @param append     whether the channel was opened with APPEND (every write lands at the end)
     */
    public SeekableByteChannel guard(SeekableByteChannel channel, long otherBytes, boolean append) {
        return new QuotaChannel(channel, this, otherBytes, append);
    }
}
