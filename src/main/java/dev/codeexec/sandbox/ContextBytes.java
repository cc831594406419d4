package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What a run took in and what it gave back to its caller's context, in bytes: tool results it received through
 * the bridge, workspace files it read, its stdin; what it returned inline; what it spilled to workspace files.
 */
public record ContextBytes(
        @JsonProperty("tool_bytes") long toolBytes,
        @JsonProperty("file_bytes") long fileBytes,
        @JsonProperty("stdin_bytes") long stdinBytes,
        @JsonProperty("inline_bytes") long inlineBytes,
        @JsonProperty("spilled_bytes") long spilledBytes) {

    public static final ContextBytes NONE = new ContextBytes(0, 0, 0, 0, 0);

    public ContextBytes plus(ContextBytes other) {
        return new ContextBytes(toolBytes + other.toolBytes, fileBytes + other.fileBytes,
                stdinBytes + other.stdinBytes, inlineBytes + other.inlineBytes, spilledBytes + other.spilledBytes);
    }

    /** Everything the run took in without it passing through the model's context. */
    public long takenInBytes() {
        return toolBytes + fileBytes + stdinBytes;
    }
}
