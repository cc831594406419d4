package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * get_execution_stats' {@code context}: what executions took in and gave back, for the caller asking and for its
 * tenant in total (never another tenant's), with token figures estimated as bytes / {@value #BYTES_PER_TOKEN}.
 */
public record ContextStats(
        Figures caller,
        Figures total,
        @JsonProperty("token_estimate") String tokenEstimate) {

    public static final int BYTES_PER_TOKEN = 4;

    static ContextStats of(ContextBytes caller, ContextBytes total) {
        return new ContextStats(Figures.of(caller), Figures.of(total), "tokens estimated as bytes / " + BYTES_PER_TOKEN);
    }

    /**
     * @param keptOutTokens estimated tokens of tool results and files the runs read, and of output they spilled, that
     *                      never entered the model's context (stdin came from it)
     * @param inlineTokens  estimated tokens the runs returned inline
     */
    public record Figures(
            @JsonProperty("tool_bytes") long toolBytes,
            @JsonProperty("file_bytes") long fileBytes,
            @JsonProperty("stdin_bytes") long stdinBytes,
            @JsonProperty("inline_bytes") long inlineBytes,
            @JsonProperty("spilled_bytes") long spilledBytes,
            @JsonProperty("estimated_tokens_kept_out") long keptOutTokens,
            @JsonProperty("estimated_tokens_inline") long inlineTokens) {

        static Figures of(ContextBytes bytes) {
            return new Figures(bytes.toolBytes(), bytes.fileBytes(), bytes.stdinBytes(), bytes.inlineBytes(),
                    bytes.spilledBytes(), (bytes.toolBytes() + bytes.fileBytes() + bytes.spilledBytes()) / BYTES_PER_TOKEN,
                    bytes.inlineBytes() / BYTES_PER_TOKEN);
        }
    }
}
