package dev.codeexec.http;

import dev.codeexec.tenant.Tenants;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * Who may read the operator's server-wide figures at {@code /q/metrics}, which count every tenant's executions,
 * context bytes, sessions and runs (a tenant's own stats show only its own: docs/THREAT_MODEL.md, T10). When tokens
 * are configured: {@code codeexec.http.metrics-token}, a token of no tenant, for the operator's scraper; without it,
 * the token of the only tenant when there is one (a single-token server keeps its scraping), and nobody when there
 * are several. Without any token the whole HTTP side is the local tenant's, metrics included.
 */
final class OperatorAccess {

    static final String METRICS_TOKEN = "codeexec.http.metrics-token";
    private static final String METRICS_PATH = "/q/metrics";

    private final byte[] metricsToken;
    private final Tenants tenants;

    /** @throws IllegalArgumentException when the metrics token is blank or is also a tenant's */
    OperatorAccess(Optional<String> metricsToken, Tenants tenants) {
        this.tenants = tenants;
        if (metricsToken.isPresent() && metricsToken.get().isBlank()) {
            throw new IllegalArgumentException(METRICS_TOKEN + " is blank: set a secret or leave it out");
        }
        if (metricsToken.flatMap(tenants::byToken).isPresent()) {
            throw new IllegalArgumentException(METRICS_TOKEN + " is also a tenant's token: the operator's figures "
                    + "need a token of their own");
        }
        this.metricsToken = metricsToken.map(t -> t.getBytes(StandardCharsets.UTF_8)).orElse(null);
    }

    /** Whether {@code path} carries server-wide figures, which only the operator may read. */
    boolean guards(String path) {
        return tenants.tokensRequired() && (path.equals(METRICS_PATH) || path.startsWith(METRICS_PATH + "/"));
    }

    /** Whether {@code presented} is the operator's token; compared in constant time. */
    boolean admits(Optional<String> presented) {
        if (presented.isEmpty()) {
            return false;
        }
        if (metricsToken != null) {
            return MessageDigest.isEqual(metricsToken, presented.get().getBytes(StandardCharsets.UTF_8));
        }
        return tenants.byToken(presented.get()).isPresent() && tenants.tokenTenants() == 1;
    }

    /** Why a tenant's own token is refused here. */
    String refusal() {
        return "the metrics count every tenant's work and are the operator's: present " + METRICS_TOKEN
                + (metricsToken == null ? " (set it on the server: with several tenants no tenant's token reads them)"
                        : "");
    }
}
