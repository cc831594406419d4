package dev.codeexec.http;

import dev.codeexec.tenant.ConnectionTenants;
import dev.codeexec.tenant.Tenants;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.net.HostAndPort;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Guards every HTTP route but health checks, in this order: the {@code Host} must be a loopback name or one the
 * operator allowed (a DNS-rebinding page sends its own host name, with or without an {@code Origin}); a present
 * {@code Origin} must be local or allowed; the operator's server-wide metrics need the operator's token
 * ({@link OperatorAccess}); otherwise, when tokens are configured, the token names the request's tenant; an
 * MCP session id is honoured only for the tenant it was issued to. The tenant is left on the routing context for
 * the REST resources ({@link RequestTenant}).
 */
@ApplicationScoped
public class HttpAccessFilter {

    static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");
    private static final String TOKEN_HEADER = "X-MCP-AUTH";
    static final String SESSION_HEADER = "Mcp-Session-Id";

    private final Tenants tenants;
    private final OperatorAccess operator;
    private final ConnectionTenants connections;
    private final List<String> allowedOrigins;
    private final List<String> allowedHosts;

    private final String mcpRoot;
    /** The legacy HTTP+SSE transport's paths (MCP 2024-11-05), which are refused: see {@link LegacySsePaths}. */
    private final LegacySsePaths legacySse;

    public HttpAccessFilter(HttpAccessConfig config, Tenants tenants, ConnectionTenants connections,
            @ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = "/mcp") String mcpRoot) {
        this.mcpRoot = mcpRoot;
        this.legacySse = new LegacySsePaths(mcpRoot);
        this.tenants = tenants;
        this.operator = new OperatorAccess(config.metricsToken(), tenants);
        this.connections = connections;
        this.allowedOrigins = lower(config.allowedOrigins());
        this.allowedHosts = lower(config.allowedHosts());
    }

    private static List<String> lower(Optional<List<String>> values) {
        return values.orElse(List.of()).stream().map(v -> v.trim().toLowerCase(Locale.ROOT)).toList();
    }

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::filter);
    }

    private void filter(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        if (path.equals("/q/health") || path.startsWith("/q/health/")) {
            ctx.next();
            return;
        }
        if (legacySse.matches(path)) {
            deny(ctx, 404, "legacy_sse_off", "the legacy HTTP+SSE transport (MCP 2024-11-05) is not served; use "
                    + "streamable HTTP at " + mcpRoot);
            return;
        }
        // The authority: the Host header on HTTP/1.1, :authority on HTTP/2 (which has no Host header).
        HostAndPort authority = ctx.request().authority();
        String host = authority == null ? null : authority.host();
        if (!hostAllowed(host)) {
            deny(ctx, 421, "misdirected_host", "Host " + host + " is not served here; an operator can allow it with "
                    + "codeexec.http.allowed-hosts");
            return;
        }
        String origin = ctx.request().getHeader(HttpHeaders.ORIGIN);
        if (origin != null && !originAllowed(origin)) {
            deny(ctx, 403, "forbidden_origin", "Origin " + origin + " is not allowed");
            return;
        }
        Set<String> tokens = presentedTokens(ctx);
        if (tokens.size() > 1) {
            deny(ctx, 400, "conflicting_tokens", "the request carries more than one token (Authorization: Bearer and "
                    + TOKEN_HEADER + ", or a header repeated); send one");
            return;
        }
        Optional<String> presented = tokens.stream().findFirst();
        if (operator.guards(path)) {
            if (operator.admits(presented)) {
                ctx.next();
            } else if (presented.flatMap(tenants::byToken).isPresent()) {
                deny(ctx, 403, "operator_only", operator.refusal());
            } else {
                ctx.response().putHeader("WWW-Authenticate", "Bearer");
                deny(ctx, 401, "unauthorized", "a valid token is required in Authorization: Bearer or " + TOKEN_HEADER);
            }
            return;
        }
        Optional<String> tenant = tenants.tokensRequired() ? presented.flatMap(tenants::byToken)
                : Optional.of(Tenants.LOCAL);
        if (tenant.isEmpty()) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer");
            deny(ctx, 401, "unauthorized", "a valid token is required in Authorization: Bearer or " + TOKEN_HEADER);
            return;
        }
        String sessionId = ctx.request().getHeader(SESSION_HEADER);
        if (sessionId != null) {
            // Another tenant's session id is answered as unknown: ids must not be probeable across tenants.
            if (!connections.tenantOf(sessionId).equals(tenant)) {
                deny(ctx, 404, "session_not_found", "unknown " + SESSION_HEADER + " (ended, expired, or issued by a "
                        + "server that has stopped); send initialize to start a new session");
                return;
            }
            if (ctx.request().method() == HttpMethod.DELETE && path.equals(mcpRoot)) {
                // The framework ends the connection but went on serving its id; a client must hear 404 instead.
                ctx.addHeadersEndHandler(ended -> {
                    if (ctx.response().getStatusCode() / 100 == 2) {
                        connections.unbind(sessionId);
                    }
                });
            }
        } else {
            // The id is issued in the response to initialize; bind it before the client can use it.
            ctx.addHeadersEndHandler(ended -> {
                String issued = ctx.response().headers().get(SESSION_HEADER);
                if (issued != null) {
                    connections.bind(issued, tenant.get());
                }
            });
        }
        RequestTenant.set(ctx, tenant.get());
        ctx.next();
    }

    private boolean hostAllowed(String host) {
        if (allowedHosts.contains("*")) {
            return true;
        }
        if (host == null) {
            return false;
        }
        String name = host.trim().toLowerCase(Locale.ROOT);
        return LOCAL_HOSTS.contains(name) || allowedHosts.contains(name);
    }

    private boolean originAllowed(String origin) {
        String lower = origin.toLowerCase(Locale.ROOT);
        if (allowedOrigins.contains(lower)) {
            return true;
        }
        try {
            URI uri = URI.create(lower);
            return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                    && uri.getHost() != null && LOCAL_HOSTS.contains(uri.getHost());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Every token the request carries, in either header and in repeated headers. More than one is refused rather
     * than one picked: which tenant a request runs as must not depend on which header a proxy added or kept.
     */
    private static Set<String> presentedTokens(RoutingContext ctx) {
        Set<String> tokens = new LinkedHashSet<>();
        for (String auth : ctx.request().headers().getAll(HttpHeaders.AUTHORIZATION)) {
            if (auth.regionMatches(true, 0, "Bearer ", 0, 7)) {
                tokens.add(auth.substring(7).trim());
            }
        }
        for (String token : ctx.request().headers().getAll(TOKEN_HEADER)) {
            tokens.add(token.trim());
        }
        return tokens;
    }

    private static void deny(RoutingContext ctx, int status, String code, String message) {
        ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end("{\"error\":\"" + code + "\",\"message\":\"" + message.replace("\\", "\\\\").replace("\"", "'")
                        + "\"}");
    }
}
