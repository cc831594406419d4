package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/** What the executor looks like right now: its mode, its workers (process isolation) and live sessions. */
public record SandboxState(
        String isolation,
        @JsonProperty("workers_live") int workersLive,
        @JsonProperty("workers_idle") int workersIdle,
        @JsonProperty("workers_starting") int workersStarting,
        @JsonProperty("workers_replaced") long workersReplaced,
        @JsonProperty("sessions") int sessions,
        @JsonProperty("abandoned_guest_threads") int abandonedGuestThreads,
        @JsonProperty("warm_hits") long warmHits,
        @JsonProperty("warm_misses") long warmMisses,
        @JsonProperty("warm_recycles") Map<String, Long> warmRecycles) {
}
