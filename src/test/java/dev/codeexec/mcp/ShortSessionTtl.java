package dev.codeexec.mcp;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * Sessions and PII vaults that expire after two idle seconds, in a workspace of their own that a test reads from the
 * host.
 */
public class ShortSessionTtl implements QuarkusTestProfile {

    static final String WORKSPACE = "target/session-expiry-workspace";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("sandbox.sessions.idle-ttl", "2s", "pii.vault.idle-ttl", "2s", "sandbox.workspace", WORKSPACE);
    }
}
