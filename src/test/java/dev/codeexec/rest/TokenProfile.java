package dev.codeexec.rest;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * A configured token (tenant "default"), two more tenants, the operator's metrics token, and one execution slot (one worker process) with no queue, so a second caller is
 * refused as busy. Process isolation keeps a second GraalPy engine out of the test JVM.
 */
public class TokenProfile implements QuarkusTestProfile {

    static final String TOKEN = "test-token-7f3a";
    static final String ACME = "acme-token-51c9";
    static final String GLOBEX = "globex-token-e2d0";
    /** The operator's, for /q/metrics only: no tenant's. */
    static final String METRICS = "metrics-token-0b7e";

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(tenantTokens());
        overrides.put("sandbox.max-concurrent", "1");
        overrides.put("sandbox.queue-size", "0");
        return overrides;
    }

    /** The three tenants' tokens and the operator's metrics token, for profiles that need them without the single slot. */
    public static Map<String, String> tenantTokens() {
        return Map.of("codeexec.http.auth-token", TOKEN,
                "codeexec.tenants.acme.token", ACME,
                "codeexec.tenants.globex.token", GLOBEX,
                "codeexec.http.metrics-token", METRICS);
    }
}
