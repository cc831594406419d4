package dev.codeexec.sandbox;

import dev.codeexec.RecentEntries;
import java.util.HashMap;
import java.util.Map;

/**
 * Context bytes of finished executions, server-wide (the operator's metrics), per tenant (a tenant's stats, which
 * another tenant's runs never move) and per caller (the most recently active {@value OwnerCounters#MAX_OWNERS}, as
 * {@link OwnerCounters} keeps them).
 */
final class ContextCounters {

    private ContextBytes total = ContextBytes.NONE;
    /** Bounded by configuration: tenants come only from it. */
    private final Map<String, ContextBytes> tenants = new HashMap<>();
    private final Map<String, ContextBytes> owners = RecentEntries.map(OwnerCounters.MAX_OWNERS);

    synchronized void record(String tenant, String owner, ContextBytes run) {
        total = total.plus(run);
        tenants.merge(tenant, run, ContextBytes::plus);
        owners.merge(owner == null ? "" : owner, run, ContextBytes::plus);
    }

    synchronized ContextBytes total() {
        return total;
    }

    synchronized ContextBytes ofTenant(String tenant) {
        return tenants.getOrDefault(tenant, ContextBytes.NONE);
    }

    synchronized ContextBytes of(String owner) {
        return owners.getOrDefault(owner == null ? "" : owner, ContextBytes.NONE);
    }
}
