package dev.codeexec.tenant;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which tenant each MCP-over-HTTP connection belongs to. The HTTP layer binds a connection when it issues
 * its {@code Mcp-Session-Id} (from the token of the {@code initialize} request) and refuses any later request
 * on that id carrying another tenant's token, so tools can trust the binding.
 */
@ApplicationScoped
public class ConnectionTenants {

    private record Binding(String tenant, long lastSeenNanos) {
    }

    private final Map<String, Binding> bindings = new ConcurrentHashMap<>();
    /** Twice the server's idle timeout: by then the MCP connection is gone, so its binding can go too. */
    private final long forgetAfterNanos;

    public ConnectionTenants(
            @ConfigProperty(name = "quarkus.mcp.server.connection-idle-timeout", defaultValue = "30m") Duration idle) {
        this.forgetAfterNanos = (idle.isZero() || idle.isNegative() ? Duration.ofDays(1) : idle.multipliedBy(2)).toNanos();
    }

    private final AtomicLong binds = new AtomicLong();

    public void bind(String connectionId, String tenant) {
        bindings.put(connectionId, new Binding(tenant, System.nanoTime()));
        // Swept as connections are made, so the table stays as large as the set of live connections.
        if (binds.incrementAndGet() % 256 == 0) {
            forgetIdle();
        }
    }

    /** Forgets a connection its client ended (DELETE): its id is then unknown, as the transport says it must be. */
    public void unbind(String connectionId) {
        bindings.remove(connectionId);
    }

    /** The tenant a connection was bound to, noting that it is still in use. */
    public Optional<String> tenantOf(String connectionId) {
        Binding b = bindings.computeIfPresent(connectionId, (id, old) -> new Binding(old.tenant(), System.nanoTime()));
        return Optional.ofNullable(b).map(Binding::tenant);
    }

    void forgetIdle() {
        long now = System.nanoTime();
        bindings.values().removeIf(b -> now - b.lastSeenNanos() > forgetAfterNanos);
    }
}
