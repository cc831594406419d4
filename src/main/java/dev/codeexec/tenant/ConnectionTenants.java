package dev.codeexec.tenant;

import dev.codeexec.http.HttpAccessConfig;
import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which tenant each MCP-over-HTTP connection belongs to. The HTTP layer binds a connection when it issues
 * its {@code Mcp-Session-Id} (from the token of the {@code initialize} request) and refuses any later request
 * on that id carrying another tenant's token, so tools can trust the binding.
 *
 * <p>A tenant holds at most {@code codeexec.http.max-connections-per-tenant} connections: binding one more ends that
 * tenant's least recently used one (its id is then unknown, and the MCP server forgets it), never another tenant's.
 * Each connection is kept until it has been idle for the server's idle timeout: before, a client sending
 * {@code initialize} in a loop (about 1,350 a second on one core) left about 800 bytes of server heap per connection
 * for half an hour, on toward the server's heap limit, for every tenant.
 */
@ApplicationScoped
public class ConnectionTenants {

    private static final Logger LOG = Logger.getLogger(ConnectionTenants.class.getName());
    static final String MAX_PER_TENANT = "codeexec.http.max-connections-per-tenant";

    private record Binding(String tenant, long lastSeenNanos) {
    }

    private final Map<String, Binding> bindings = new ConcurrentHashMap<>();
    /** Each tenant's connection ids, least recently used first; each guarded by itself. */
    private final Map<String, LinkedHashMap<String, Boolean>> byTenant = new ConcurrentHashMap<>();
    /** Twice the server's idle timeout: by then the MCP connection is gone, so its binding can go too. */
    private final long forgetAfterNanos;
    private final int maxPerTenant;
    /** Ends an MCP connection the server still holds. */
    private final Consumer<String> end;
    private final AtomicLong ended = new AtomicLong();

    @Inject
    public ConnectionTenants(
            @ConfigProperty(name = "quarkus.mcp.server.connection-idle-timeout", defaultValue = "30m") Duration idle,
            HttpAccessConfig http, Instance<ConnectionManager> manager) {
        this(idle, http.maxConnectionsPerTenant(), id -> {
            if (manager.isResolvable()) {
                manager.get().remove(id);
            }
        });
    }

    ConnectionTenants(Duration idle, int maxPerTenant, Consumer<String> end) {
        if (maxPerTenant < 1) {
            throw new IllegalArgumentException(MAX_PER_TENANT + " must be at least 1, got " + maxPerTenant);
        }
        this.forgetAfterNanos = (idle.isZero() || idle.isNegative() ? Duration.ofDays(1) : idle.multipliedBy(2)).toNanos();
        this.maxPerTenant = maxPerTenant;
        this.end = end;
    }

    private final AtomicLong binds = new AtomicLong();

    public void bind(String connectionId, String tenant) {
        bindings.put(connectionId, new Binding(tenant, System.nanoTime()));
        String evicted = null;
        LinkedHashMap<String, Boolean> order = byTenant.computeIfAbsent(tenant, t -> new LinkedHashMap<>(16, 0.75f, true));
        synchronized (order) {
            order.put(connectionId, Boolean.TRUE);
            if (order.size() > maxPerTenant) {
                Iterator<String> oldest = order.keySet().iterator();
                evicted = oldest.next();
                oldest.remove();
            }
        }
        if (evicted != null) {
            bindings.remove(evicted);
            end.accept(evicted);
            long count = ended.incrementAndGet();
            if (Long.bitCount(count) == 1) {
                // Metadata only: how many so far, at the first and then every doubling.
                LOG.log(Level.INFO, "a tenant held more than {0} MCP connections ({1}): its least recently used was "
                        + "ended ({2} so far)", new Object[] {maxPerTenant, MAX_PER_TENANT, count});
            }
        }
        // Swept as connections are made, so the table stays as large as the set of live connections.
        if (binds.incrementAndGet() % 256 == 0) {
            forgetIdle();
        }
    }

    /** Forgets a connection its client ended (DELETE): its id is then unknown, as the transport says it must be. */
    public void unbind(String connectionId) {
        Binding removed = bindings.remove(connectionId);
        if (removed != null) {
            forgetOrder(removed.tenant(), connectionId);
        }
    }

    /** The tenant a connection was bound to, noting that it is still in use. */
    public Optional<String> tenantOf(String connectionId) {
        Binding b = bindings.computeIfPresent(connectionId, (id, old) -> new Binding(old.tenant(), System.nanoTime()));
        if (b != null) {
            LinkedHashMap<String, Boolean> order = byTenant.get(b.tenant());
            if (order != null) {
                synchronized (order) {
                    order.get(connectionId);
                }
            }
        }
        return Optional.ofNullable(b).map(Binding::tenant);
    }

    private void forgetOrder(String tenant, String connectionId) {
        LinkedHashMap<String, Boolean> order = byTenant.get(tenant);
        if (order != null) {
            synchronized (order) {
                order.remove(connectionId);
            }
        }
    }

    void forgetIdle() {
        long now = System.nanoTime();
        bindings.entrySet().removeIf(e -> {
            boolean idle = now - e.getValue().lastSeenNanos() > forgetAfterNanos;
            if (idle) {
                forgetOrder(e.getValue().tenant(), e.getKey());
            }
            return idle;
        });
    }
}
