package dev.codeexec.rest;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.Map;

/**
 * A configured token (tenant "default"), two more tenants, the operator's metrics token, and one execution slot (one
 * worker process) with no queue, so a second caller is refused as busy. Process isolation keeps a second GraalPy
 * engine out of the test JVM. Request bodies in flight are bounded per tenant at {@link #BODY_BUDGET}, for
 * {@link BodyBytesInFlightTest}; the other classes' bodies are a few KiB at most, one at a time per tenant. (It had a
 * profile of its own, and each profile is a build and a start of the application: about 9 s of the suite.)
 */
public class TokenProfile implements QuarkusTestProfile {

    static final String TOKEN = "test-token-7f3a";
    static final String ACME = "acme-token-51c9";
    static final String GLOBEX = "globex-token-e2d0";
    /** The operator's, for /q/metrics only: no tenant's. */
    static final String METRICS = "metrics-token-0b7e";
    /** Bytes of request bodies one tenant may have in the server at once (codeexec.http.max-body-bytes-in-flight). */
    static final int BODY_BUDGET = 64 * 1024;

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> overrides = new HashMap<>(tenantTokens());
        overrides.put("sandbox.max-concurrent", "1");
        overrides.put("sandbox.queue-size", "0");
        overrides.put("codeexec.http.max-body-bytes-in-flight", String.valueOf(BODY_BUDGET));
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
