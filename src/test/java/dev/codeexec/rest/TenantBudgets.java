package dev.codeexec.rest;

import java.util.Map;

/**
 * Budgets small enough to reach in a test: 8 request threads (fewer than the long-polls a tenant may have pending),
 * 40 long-polls per tenant, and retained output for two background runs per tenant (1 KiB per stream, 4 KiB per
 * tenant). {@link dev.codeexec.skills.PostgresProfile} carries them, with the tenants on one slot, so that
 * {@link TenantBudgetsTest} shares that start instead of costing the suite one of its own.
 */
public final class TenantBudgets {

    static final int REQUEST_THREADS = 8;
    static final int MAX_WAITS = 40;

    private TenantBudgets() {
    }

    public static Map<String, String> overrides() {
        return Map.of("quarkus.thread-pool.max-threads", "" + REQUEST_THREADS,
                "sandbox.runs.max-waits-per-tenant", "" + MAX_WAITS,
                "sandbox.runs.retained-bytes", "1024",
                "sandbox.runs.retained-bytes-per-tenant", "4096");
    }
}
