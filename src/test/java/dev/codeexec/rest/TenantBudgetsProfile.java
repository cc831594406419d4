package dev.codeexec.rest;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * Two tenants on one slot, with budgets small enough to reach in a test: 8 request threads (fewer than the
 * long-polls a tenant may have pending), 40 long-polls per tenant, and retained output for two background runs
 * per tenant (1 KiB per stream, 4 KiB per tenant).
 */
public class TenantBudgetsProfile implements QuarkusTestProfile {

    static final int REQUEST_THREADS = 8;
    static final int MAX_WAITS = 40;

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(TokenProfile.tenantTokens());
        overrides.put("sandbox.max-concurrent", "1");
        overrides.put("quarkus.thread-pool.max-threads", "" + REQUEST_THREADS);
        overrides.put("sandbox.runs.max-waits-per-tenant", "" + MAX_WAITS);
        overrides.put("sandbox.runs.retained-bytes", "1024");
        overrides.put("sandbox.runs.retained-bytes-per-tenant", "4096");
        return overrides;
    }
}
