package dev.codeexec.mcp;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * Runs a test class against the in-process executor instead of worker processes. Sessions are capped at 16 instead of
 * 32: {@link SessionsTest} reaches the cap by opening sessions, and each builds an interpreter in the test JVM.
 */
public class InProcessIsolation implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sandbox.isolation", "in-process", "sandbox.sessions.max-per-tenant", "16");
    }
}
