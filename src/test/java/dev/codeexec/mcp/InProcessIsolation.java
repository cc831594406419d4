package dev.codeexec.mcp;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Runs a test class against the in-process executor instead of worker processes. */
public class InProcessIsolation implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sandbox.isolation", "in-process");
    }
}
