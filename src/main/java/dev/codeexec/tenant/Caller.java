package dev.codeexec.tenant;

import java.util.Objects;

/**
 * Who a request comes from: a tenant, and within it one connection (an MCP connection, or a REST caller).
 * Per-caller state (sessions, warm interpreters, PII vaults, runs) is keyed by {@link #id()}, which names the
 * tenant first, so no key of one tenant can ever equal a key of another.
 */
public record Caller(String tenant, String connection) {

    private static final char SEPARATOR = '/';

    public Caller {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(connection, "connection");
        if (tenant.indexOf(SEPARATOR) >= 0) {
            throw new IllegalArgumentException("tenant names cannot contain '/'");
        }
    }

    /** The key of this caller's state. */
    public String id() {
        return tenant + SEPARATOR + connection;
    }

    /** The caller whose {@link #id()} this is; tenant names never contain the separator, so the split is exact. */
    public static Caller parse(String id) {
        int at = id.indexOf(SEPARATOR);
        if (at <= 0) {
            throw new IllegalArgumentException("not a caller id: it names no tenant");
        }
        return new Caller(id.substring(0, at), id.substring(at + 1));
    }

    /** The tenant named by a caller id. */
    public static String tenantOf(String id) {
        return parse(id).tenant();
    }

    /** The tenant a caller id names, or the id itself when it names none (an in-process caller's, a test's). */
    public static String tenantOrSelf(String id) {
        int at = id.indexOf(SEPARATOR);
        return at > 0 ? id.substring(0, at) : id;
    }

    @Override
    public String toString() {
        return id();
    }
}
