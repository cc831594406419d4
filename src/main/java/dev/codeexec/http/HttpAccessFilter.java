package dev.codeexec.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Guards every HTTP route but health checks: rejects cross-site {@code Origin}s (a browser page on
 * another site, or a DNS-rebinding attack, must not drive the sandbox) and, when a token is
 * configured, requests without it. The token is compared in constant time.
 */
@ApplicationScoped
public class HttpAccessFilter {

    private static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");
    private static final String TOKEN_HEADER = "X-MCP-AUTH";

    private final byte[] token;
    private final List<String> allowedOrigins;

    public HttpAccessFilter(HttpAccessConfig config) {
        this.token = config.authToken().filter(t -> !t.isBlank()).map(t -> t.getBytes(StandardCharsets.UTF_8))
                .orElse(null);
        this.allowedOrigins = config.allowedOrigins().orElse(List.of()).stream()
                .map(o -> o.toLowerCase(Locale.ROOT)).toList();
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
        String origin = ctx.request().getHeader(HttpHeaders.ORIGIN);
        if (origin != null && !originAllowed(origin)) {
            deny(ctx, 403, "forbidden_origin", "Origin " + origin + " is not allowed");
            return;
        }
        if (token != null && !tokenPresented(ctx)) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer");
            deny(ctx, 401, "unauthorized", "a valid token is required in Authorization: Bearer or " + TOKEN_HEADER);
            return;
        }
        ctx.next();
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

    private boolean tokenPresented(RoutingContext ctx) {
        String auth = ctx.request().getHeader(HttpHeaders.AUTHORIZATION);
        if (auth != null && auth.regionMatches(true, 0, "Bearer ", 0, 7) && matches(auth.substring(7).trim())) {
            return true;
        }
        String header = ctx.request().getHeader(TOKEN_HEADER);
        return header != null && matches(header.trim());
    }

    private boolean matches(String presented) {
        return MessageDigest.isEqual(token, presented.getBytes(StandardCharsets.UTF_8));
    }

    private static void deny(RoutingContext ctx, int status, String code, String message) {
        ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end("{\"error\":\"" + code + "\",\"message\":\"" + message.replace("\\", "\\\\").replace("\"", "'")
                        + "\"}");
    }
}
