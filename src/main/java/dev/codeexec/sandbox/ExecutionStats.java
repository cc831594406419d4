package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Execution figures since start; latencies over the most recent executions. */
public record ExecutionStats(
        long total, long succeeded, long failed,
        @JsonProperty("timed_out") long timedOut,
        long killed,
        long cancelled,
        @JsonProperty("rejected_busy") long rejectedBusy,
        long running, long queued,
        @JsonProperty("p50_ms") long p50Ms,
        @JsonProperty("p95_ms") long p95Ms,
        @JsonProperty("p99_ms") long p99Ms,
        @JsonProperty("max_ms") long maxMs) {
}
