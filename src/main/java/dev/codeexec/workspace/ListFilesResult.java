package dev.codeexec.workspace;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/** One page of a listing, sorted by path. */
public record ListFilesResult(
        @JsonPropertyDescription("The directory listed, relative to the workspace root")
        String path,
        @JsonPropertyDescription("Entries of this page, sorted by path")
        List<Entry> entries,
        @JsonPropertyDescription("Number of matching entries over all pages")
        int total,
        @JsonPropertyDescription("Entries skipped before this page")
        int offset,
        @JsonPropertyDescription("Largest page size asked for")
        int limit) {

    /** One file or directory. */
    public record Entry(
            @JsonPropertyDescription("Path relative to the workspace root, with / separators")
            String path,
            @JsonPropertyDescription("file, dir, symlink or other")
            String type,
            @JsonPropertyDescription("Size in bytes for a file, 0 otherwise")
            long bytes,
            @JsonPropertyDescription("Last modification time, ISO-8601 UTC")
            String modified) {
    }
}
