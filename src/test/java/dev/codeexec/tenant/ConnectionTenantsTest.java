package dev.codeexec.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A tenant's MCP connections are bounded: one more ends that tenant's least recently used, never another tenant's.
 * Before, every {@code initialize} left its connection on the server for the idle timeout, so one client sending them
 * in a loop grew the server's heap for every tenant.
 */
class ConnectionTenantsTest {

    @Test
    void aTenantPastItsBoundLosesItsLeastRecentlyUsedConnectionAndNoOtherTenantsAny() {
        List<String> ended = new ArrayList<>();
        ConnectionTenants connections = new ConnectionTenants(Duration.ofMinutes(30), 3, ended::add);
        connections.bind("b-1", "beta");
        connections.bind("a-1", "alpha");
        connections.bind("a-2", "alpha");
        connections.bind("a-3", "alpha");
        assertEquals(Optional.of("alpha"), connections.tenantOf("a-1"), "used: a-2 is now the least recently used");

        connections.bind("a-4", "alpha");
        connections.bind("a-5", "alpha");

        assertEquals(List.of("a-2", "a-3"), ended, "the MCP server was told to end exactly those");
        assertEquals(Optional.empty(), connections.tenantOf("a-2"));
        assertEquals(Optional.empty(), connections.tenantOf("a-3"));
        assertEquals(Optional.of("alpha"), connections.tenantOf("a-1"));
        assertEquals(Optional.of("alpha"), connections.tenantOf("a-5"));
        assertEquals(Optional.of("beta"), connections.tenantOf("b-1"), "another tenant's connection is never ended");
    }

    @Test
    void aConnectionEndedByItsClientLeavesRoomAndABoundBelowOneIsRefusedNamingTheSetting() {
        List<String> ended = new ArrayList<>();
        ConnectionTenants connections = new ConnectionTenants(Duration.ofMinutes(30), 2, ended::add);
        connections.bind("a-1", "alpha");
        connections.bind("a-2", "alpha");
        connections.unbind("a-1");
        connections.bind("a-3", "alpha");
        assertEquals(List.of(), ended);
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new ConnectionTenants(Duration.ofMinutes(30), 0, id -> { }));
        assertEquals("codeexec.http.max-connections-per-tenant must be at least 1, got 0", refused.getMessage());
    }
}
