package dev.codeexec.rest;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * Small bounds on what one tenant may keep in the database every tenant shares: REST callers
 * ({@code codeexec.http.max-rest-callers-per-tenant}) and skills ({@code skills.max-versions-per-tenant},
 * {@code skills.max-bytes-per-tenant}). One profile for the tests of both, so the suite starts the server once for
 * them; their tests use different tenants and tables.
 */
public class StoreBoundsProfile implements QuarkusTestProfile {

    static final int MAX_REST_CALLERS = 3;
    static final int MAX_SKILL_VERSIONS = 3;
    static final int MAX_SKILL_BYTES = 300_000;
    static final String INITECH = "initech-token-4a1d";
    static final String UMBRELLA = "umbrella-token-9c2e";

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(TokenProfile.tenantTokens());
        overrides.put("codeexec.tenants.initech.token", INITECH);
        overrides.put("codeexec.tenants.umbrella.token", UMBRELLA);
        overrides.put("codeexec.http.max-rest-callers-per-tenant", String.valueOf(MAX_REST_CALLERS));
        overrides.put("skills.max-versions-per-tenant", String.valueOf(MAX_SKILL_VERSIONS));
        overrides.put("skills.max-bytes-per-tenant", String.valueOf(MAX_SKILL_BYTES));
        return overrides;
    }
}
