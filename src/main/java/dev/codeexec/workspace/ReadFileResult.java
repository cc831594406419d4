package dev.codeexec.workspace;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** One page of a file, and figures about the whole file taken from the same snapshot. */
public record ReadFileResult(
        @JsonPropertyDescription("Path relative to the workspace root")
        String path,
        @JsonPropertyDescription("The bytes read, as UTF-8 text or base64 as requested")
        String content,
        @JsonProperty("bytes_returned")
        @JsonPropertyDescription("Bytes of the file this page covers; the next page starts at offset + bytes_returned")
        long bytesReturned,
        @JsonProperty("total_bytes")
        @JsonPropertyDescription("Size of the whole file")
        long totalBytes,
        @JsonProperty("sha256_of_file")
        @JsonPropertyDescription("Hex SHA-256 of the whole file, not just this page")
        String sha256OfFile,
        @JsonPropertyDescription("True when this page reaches the end of the file")
        boolean eof) {
}
