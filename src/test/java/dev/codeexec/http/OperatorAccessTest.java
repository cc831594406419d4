package dev.codeexec.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.tenant.TenantConfig;
import dev.codeexec.tenant.Tenants;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Who reads the operator's server-wide metrics: the metrics token, else the token of a single tenant. */
class OperatorAccessTest {

    private static Tenants tenants(Optional<String> defaultToken, Map<String, String> named) {
        HttpAccessConfig http = new TestHttpAccess(defaultToken, false);
        Map<String, TenantConfig.Entry> entries = new java.util.HashMap<>();
        named.forEach((name, token) -> entries.put(name, () -> Optional.of(token)));
        TenantConfig config = () -> entries;
        return new Tenants(config, http, false);
    }

    @Test
    void aSingleTenantsTokenReadsTheMetricsWhenNoMetricsTokenIsSet() {
        OperatorAccess access = new OperatorAccess(Optional.empty(), tenants(Optional.of("only"), Map.of()));
        assertTrue(access.guards("/q/metrics"));
        assertTrue(access.admits(Optional.of("only")));
        assertFalse(access.admits(Optional.of("other")));
        assertFalse(access.admits(Optional.empty()));
    }

    @Test
    void withSeveralTenantsOnlyTheMetricsTokenReadsThem() {
        Tenants two = tenants(Optional.of("operator-default"), Map.of("acme", "acme-secret"));
        OperatorAccess none = new OperatorAccess(Optional.empty(), two);
        assertFalse(none.admits(Optional.of("operator-default")));
        assertFalse(none.admits(Optional.of("acme-secret")));
        assertTrue(none.refusal().contains("codeexec.http.metrics-token"), none.refusal());
        OperatorAccess set = new OperatorAccess(Optional.of("scraper"), two);
        assertTrue(set.admits(Optional.of("scraper")));
        assertFalse(set.admits(Optional.of("operator-default")));
        assertTrue(set.guards("/q/metrics/") && !set.guards("/q/health") && !set.guards("/api/v1/stats"));
    }

    @Test
    void withoutTokensTheLocalTenantReadsEverythingAsBefore() {
        assertFalse(new OperatorAccess(Optional.empty(), tenants(Optional.empty(), Map.of())).guards("/q/metrics"));
    }

    @Test
    void aMetricsTokenThatIsBlankOrATenantsIsRefusedAtStart() {
        Tenants acme = tenants(Optional.empty(), Map.of("acme", "acme-secret"));
        IllegalArgumentException shared = assertThrows(IllegalArgumentException.class,
                () -> new OperatorAccess(Optional.of("acme-secret"), acme));
        assertEquals("codeexec.http.metrics-token is also a tenant's token: the operator's figures need a token of "
                + "their own", shared.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new OperatorAccess(Optional.of(" "), acme));
    }
}
