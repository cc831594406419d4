package dev.codeexec.http;

import io.vertx.ext.web.RoutingContext;
import java.util.Optional;

/** The tenant {@link HttpAccessFilter} found for a request, read back by the REST resources. */
public final class RequestTenant {

    private static final String KEY = "codeexec.tenant";

    private RequestTenant() {
    }

    static void set(RoutingContext ctx, String tenant) {
        ctx.put(KEY, tenant);
    }

    /** The request's tenant, if the filter named one (not for health checks and the operator's metrics). */
    static Optional<String> find(RoutingContext ctx) {
        return Optional.ofNullable(ctx.get(KEY));
    }

    /** The request's tenant; a request that reached a resource passed the filter, so it always has one. */
    public static String of(RoutingContext ctx) {
        String tenant = ctx.get(KEY);
        if (tenant == null) {
            throw new IllegalStateException("request did not pass the access filter");
        }
        return tenant;
    }
}
