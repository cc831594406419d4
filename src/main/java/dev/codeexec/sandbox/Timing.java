package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;

/** How long something took: how often it happened since start, percentiles over the recent ones, the longest ever. */
public record Timing(
        long count,
        @JsonProperty("p50_ms") long p50Ms,
        @JsonProperty("p95_ms") long p95Ms,
        @JsonProperty("p99_ms") long p99Ms,
        @JsonProperty("max_ms") long maxMs) {

    /** Nothing of the kind happens here (no workers in-process). */
    public static final Timing NONE = new Timing(0, 0, 0, 0, 0);
}
