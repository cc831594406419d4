package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import jakarta.annotation.Nullable;

/**
 * A workspace file a run created or changed, as it was when the run ended. {@code mimeType} is known for the files
 * output spilled to, which the sandbox wrote itself: {@link #TEXT}, or {@link #BINARY} when the bytes are not UTF-8
 * text (the workspace then serves the file as a blob); null for a file the run wrote.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProducedFile(
        @JsonPropertyDescription("Workspace-relative path") String path,
        @JsonPropertyDescription("Size in bytes") long bytes,
        @Nullable @JsonPropertyDescription("Media type, when known") String mimeType) {

    /** How many a result lists at most. */
    public static final int MAX_LISTED = 10;
    public static final String TEXT = "text/plain";
    public static final String BINARY = "application/octet-stream";

    /** A file of unknown type. */
    public ProducedFile(String path, long bytes) {
        this(path, bytes, null);
    }
}
