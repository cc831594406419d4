package dev.codeexec.sandbox;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Outcome counts and latencies of finished executions, server-wide (the operator's metrics) and per tenant (a
 * tenant's stats): another tenant's runs never move a tenant's figures (docs/THREAT_MODEL.md, T10). Tenants come
 * from configuration only, so the table is bounded by it.
 */
final class TenantExecutionCounters {

    private final ExecutionCounters all = new ExecutionCounters();
    private final Map<String, ExecutionCounters> tenants = new ConcurrentHashMap<>();

    void record(String tenant, ExecutionResult result) {
        all.record(result);
        of(tenant).record(result);
    }

    void reject(String tenant) {
        all.reject();
        of(tenant).reject();
    }

    /** Every tenant's executions, with the load figures given. */
    ExecutionStats all(int running, int queued) {
        return all.snapshot(running, queued);
    }

    /** {@code tenant}'s executions, with the load figures given (server-wide: T10 accepts those). */
    ExecutionStats tenant(String tenant, int running, int queued) {
        ExecutionCounters counters = tenants.get(tenant);
        return counters == null ? new ExecutionCounters().snapshot(running, queued) : counters.snapshot(running, queued);
    }

    private ExecutionCounters of(String tenant) {
        return tenants.computeIfAbsent(tenant, t -> new ExecutionCounters());
    }
}
