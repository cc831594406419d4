package dev.codeexec.http;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.codeexec.tenant.TenantConfig;
import dev.codeexec.tenant.Tenants;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RemoteBindCheckTest {

    private static HttpAccessConfig http(Optional<String> token, boolean allowRemote) {
        return new TestHttpAccess(token, allowRemote);
    }

    private static RemoteBindCheck check(String host, Optional<String> token, boolean allowRemote) {
        HttpAccessConfig config = http(token, allowRemote);
        TenantConfig none = () -> Map.of();
        return new RemoteBindCheck(host, new Tenants(none, config, true), config);
    }

    @Test
    void aNetworkAddressWithoutATokenIsRefused() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> check("0.0.0.0", Optional.empty(), false).check(null));
        assertEquals("quarkus.http.host=0.0.0.0 is not a loopback address and no token is set: set MCP_EXEC_AUTH_TOKEN "
                + "or codeexec.tenants.<name>.token, or codeexec.http.allow-unauthenticated-remote=true to accept the "
                + "risk", refused.getMessage());
    }

    @Test
    void loopbackATokenOrAnExplicitOptOutAreAccepted() {
        assertDoesNotThrow(() -> check("127.0.0.1", Optional.empty(), false).check(null));
        assertDoesNotThrow(() -> check("localhost", Optional.empty(), false).check(null));
        assertDoesNotThrow(() -> check("::1", Optional.empty(), false).check(null));
        assertDoesNotThrow(() -> check("0.0.0.0", Optional.of("secret"), false).check(null));
        assertDoesNotThrow(() -> check("0.0.0.0", Optional.empty(), true).check(null));
    }

    @Test
    void tenantsRefuseReservedNamesAndSharedTokens() {
        HttpAccessConfig config = http(Optional.of("same"), false);
        TenantConfig.Entry same = () -> Optional.of("same");
        IllegalArgumentException shared = assertThrows(IllegalArgumentException.class,
                () -> new Tenants(() -> Map.of("acme", same), config, true));
        assertEquals("tenants 'acme' and 'default' have the same token: each tenant needs its own", shared.getMessage());
        IllegalArgumentException local = assertThrows(IllegalArgumentException.class,
                () -> new Tenants(() -> Map.of("local", () -> Optional.of("x")), http(Optional.empty(), false), true));
        assertEquals("codeexec.tenants.local.token: 'local' is the stdio tenant and takes no token", local.getMessage());
    }
}
