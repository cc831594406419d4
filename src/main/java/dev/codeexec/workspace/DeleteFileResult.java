package dev.codeexec.workspace;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** What a delete removed. */
public record DeleteFileResult(
        @JsonPropertyDescription("Path relative to the workspace root")
        String path,
        @JsonPropertyDescription("file, dir (only empty directories are deleted) or symlink")
        String type,
        @JsonPropertyDescription("Always true: a missing path is an error, not a no-op")
        boolean deleted) {
}
