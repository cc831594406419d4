package dev.codeexec.rest;

import dev.codeexec.InvalidInputException;
import dev.codeexec.http.HttpAccessConfig;
import dev.codeexec.http.RequestTenant;
import dev.codeexec.replica.CallerHomes;
import dev.codeexec.tenant.Caller;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Who a REST caller is, for the state that MCP keys by connection (sessions, the PII vault, per-caller stats): the
 * tenant its token names, and within it the {@code X-Session-Id} header (prefixed, so a REST caller can never name
 * an MCP connection's state), or one shared "rest" identity per tenant without it. A header can only ever name
 * state within the caller's own tenant.
 */
@ApplicationScoped
class RestCallers {

    static final String HEADER = "X-Session-Id";
    static final int MAX_SESSION_ID = 128;

    private final CurrentVertxRequest request;
    private final CallerHomes homes;
    /** Distinct X-Session-Id callers one tenant may have recorded at once (see {@link CallerHomes#claim}). */
    private final int maxPerTenant;

    RestCallers(CurrentVertxRequest request, CallerHomes homes, HttpAccessConfig http) {
        if (http.maxRestCallersPerTenant() < 1) {
            throw new IllegalArgumentException(CallerHomes.MAX_PER_TENANT + " must be at least 1, got "
                    + http.maxRestCallersPerTenant());
        }
        this.request = request;
        this.homes = homes;
        this.maxPerTenant = http.maxRestCallersPerTenant();
    }

    /** The caller id ({@link Caller#id()}) of the current request. */
    String id(String sessionId) {
        return new Caller(tenant(), connection(sessionId)).id();
    }

    /**
     * The caller id of a request that uses the caller's in-memory state (sessions, the PII vault, background runs),
     * which this replica now holds.
     *
     * @throws InvalidInputException (GONE) once, when another replica held that state: it is not here
     */
    String stateful(String sessionId) {
        String id = id(sessionId);
        // The tenant's one shared caller (no header) is never refused: it is what a refused caller is told to use.
        homes.claim(id, tenant(), named(sessionId) ? maxPerTenant : Integer.MAX_VALUE).ifPresent(previous -> {
            throw new InvalidInputException(HEADER, "this caller's sessions, PII tokens and background runs were held by "
                    + "server " + previous + " and are not on this one (" + homes.replicaId() + "); they are gone if "
                    + "it stopped. Skills and workspace files are kept. Repeat the request to start afresh here",
                    InvalidInputException.Kind.GONE);
        });
        return id;
    }

    /** The current request's tenant. */
    String tenant() {
        return RequestTenant.of(request.getCurrent());
    }

    private static boolean named(String sessionId) {
        return sessionId != null && !sessionId.isBlank();
    }

    private static String connection(String sessionId) {
        if (!named(sessionId)) {
            return "rest";
        }
        if (sessionId.length() > MAX_SESSION_ID) {
            throw new InvalidInputException(HEADER, "is " + sessionId.length() + " characters; the limit is "
                    + MAX_SESSION_ID);
        }
        return "rest:" + sessionId;
    }
}
