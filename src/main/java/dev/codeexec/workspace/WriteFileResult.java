package dev.codeexec.workspace;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** The file as it is after a write. */
public record WriteFileResult(
        @JsonPropertyDescription("Path relative to the workspace root, with / separators")
        String path,
        @JsonPropertyDescription("Size of the whole file after the write (after an append: old plus new bytes)")
        long bytes,
        @JsonPropertyDescription("Hex SHA-256 of the whole file after the write")
        String sha256) {
}
