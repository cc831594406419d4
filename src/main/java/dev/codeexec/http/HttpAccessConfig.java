package dev.codeexec.http;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Optional;

/** Who may talk to the HTTP side (MCP at /mcp and the REST API). Tokens are per tenant: see TenantConfig. */
@ConfigMapping(prefix = "codeexec.http")
public interface HttpAccessConfig {

    /** The token of tenant {@code default}; defaults to $MCP_EXEC_AUTH_TOKEN. */
    Optional<String> authToken();

    /** Origins allowed besides localhost ones, e.g. https://agent.example.com. */
    Optional<List<String>> allowedOrigins();

    /**
     * Host names (without port) requests may be addressed to besides the loopback names; {@code *} allows any,
     * for a proxy that rewrites Host. Anything else is refused, so a DNS-rebinding page cannot reach the server.
     */
    Optional<List<String>> allowedHosts();

    /**
     * The operator's token for /q/metrics (a Prometheus scraper's), which counts every tenant's work; no tenant's
     * token. Without it, only a single tenant's token reads the metrics. See {@link OperatorAccess}.
     */
    Optional<String> metricsToken();

    /** Lets the server listen on a non-loopback address with no token configured. */
    @WithDefault("false")
    boolean allowUnauthenticatedRemote();

    /**
     * MCP connections one tenant may hold at once; one more ends its least recently used (see ConnectionTenants).
     * Clients that send {@code initialize} before every call leave one connection per call for the idle timeout.
     */
    @WithDefault("4096")
    int maxConnectionsPerTenant();

    /**
     * Distinct {@code X-Session-Id} REST callers one tenant may have recorded in the database replicas share (each is
     * kept a week); a request naming one more is refused with 409 (see CallerHomes). A request without the header
     * acts as the tenant's shared caller and is never refused.
     */
    @WithDefault("10000")
    int maxRestCallersPerTenant();

    /**
     * Bytes of request bodies one tenant may have in the server at once, from a request's headers until its response
     * ends; a request past it is refused with 429 (see BodyBudget). Default: 1/32 of the server's heap, at least 1 MiB.
     */
    Optional<MemorySize> maxBodyBytesInFlight();

    /**
     * Bytes of responses one tenant's clients may leave unread in the server's buffers; past it the tenant's requests
     * are refused with 429 and its backed-up connections closed (see ResponseBudget). Default: 1/16 of the direct
     * memory the JVM allows (its heap size unless set), at least 1 MiB.
     */
    Optional<MemorySize> maxResponseBytesUnsent();
}
