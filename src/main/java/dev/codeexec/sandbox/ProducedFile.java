package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** A workspace file a run created or changed, as it was when the run ended. */
public record ProducedFile(
        @JsonPropertyDescription("Workspace-relative path") String path,
        @JsonPropertyDescription("Size in bytes") long bytes) {

    /** How many a result lists at most. */
    public static final int MAX_LISTED = 10;
}
