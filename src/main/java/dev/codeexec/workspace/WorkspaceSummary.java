package dev.codeexec.workspace;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Workspace usage against its quotas, for stats and metrics. */
public record WorkspaceSummary(
        long files,
        long bytes,
        @JsonProperty("max_files") int maxFiles,
        @JsonProperty("max_file_bytes") long maxFileBytes,
        @JsonProperty("max_total_bytes") long maxTotalBytes) {
}
