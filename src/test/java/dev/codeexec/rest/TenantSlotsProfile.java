package dev.codeexec.rest;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * The tenants on two slots, with the per-tenant cap at its default (one slot, as several tenants are served) and a
 * worker taking both of its tenant's runs at once, so that only the cap keeps a tenant's second run from the free
 * slot. Background runs may hold both slots, so their own cap (sandbox.fair-share.background-slots) does not.
 */
public class TenantSlotsProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(TokenProfile.tenantTokens());
        overrides.put("sandbox.max-concurrent", "2");
        overrides.put("sandbox.worker.concurrent-runs", "2");
        overrides.put("sandbox.fair-share.background-slots", "2");
        return overrides;
    }
}
