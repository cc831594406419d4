package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What the executor looks like right now: its mode, its workers (process isolation), live sessions, and how
 * warm interpreters served: runs that found their caller's interpreter, runs that did not, recycles by cause;
 * how long a worker took to start (process isolation) and an interpreter to build; spare interpreters taken and
 * built; the resident and proportional memory of the worker processes; how many bridge calls were refused because
 * they did not come from the interpreter running the current execution, and how many workers were recycled to make
 * room for another tenant's (a worker serves one tenant).
 */
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
        @JsonProperty("warm_recycles") Map<String, Long> warmRecycles,
        @JsonProperty("worker_start") Timing workerStart,
        @JsonProperty("context_build") Timing contextBuild,
        @JsonProperty("spares") Spares spares,
        @JsonProperty("workers_memory") ProcessMemory workersMemory,
        @JsonProperty("bridge_calls_refused") long bridgeCallsRefused,
        @JsonProperty("workers_recycled_for_tenant") long workersRecycledForTenant) {

    /** The same pool, with {@code sessions} counting one tenant's only (a tenant's stats). */
    public SandboxState withSessions(int tenantSessions) {
        return new SandboxState(isolation, workersLive, workersIdle, workersStarting, workersReplaced, tenantSessions,
                abandonedGuestThreads, warmHits, warmMisses, warmRecycles, workerStart, contextBuild, spares,
                workersMemory, bridgeCallsRefused, workersRecycledForTenant);
    }

    /** The keys of {@code warm_recycles}. */
    public static final List<String> WARM_RECYCLE_CAUSES = Arrays.stream(WarmCounters.Recycle.values())
            .map(WarmCounters.Recycle::key).toList();
}
