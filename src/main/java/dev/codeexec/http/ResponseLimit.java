package dev.codeexec.http;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPipeline;
import io.netty.util.internal.PlatformDependent;
import io.quarkus.runtime.configuration.MemorySize;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Holds each tenant's unsent response bytes to its {@link ResponseBudget}: a request of a tenant past it is refused
 * at once with 429 {@code busy} naming the setting (JSON-RPC -32000 on /mcp), before any work, and every HTTP/1.1
 * connection counts what it writes for the tenant it answers ({@link UnsentResponses}), which also stops requests
 * admitted together from going past it.
 */
@ApplicationScoped
public class ResponseLimit {

    private final ResponseBudget budget;
    private final String mcpRoot;

    public ResponseLimit(HttpAccessConfig access,
            @ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = "/mcp") String mcpRoot) {
        this.budget = new ResponseBudget(access.maxResponseBytesUnsent().map(MemorySize::asLongValue),
                PlatformDependent.maxDirectMemory());
        this.mcpRoot = mcpRoot;
    }

    /** After the access filter has named the tenant, beside the body budget. */
    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 1).handler(this::admit);
    }

    private void admit(RoutingContext ctx) {
        Optional<String> tenant = RequestTenant.find(ctx);
        if (tenant.isEmpty()) {
            ctx.next();
            return;
        }
        boolean mcp = HttpRefusal.onMcp(ctx, mcpRoot);
        if (budget.exhausted(tenant.get())) {
            ctx.response().setStatusCode(429).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                    .putHeader(HttpHeaders.RETRY_AFTER, "1");
            ctx.response().end(refusalBody(tenant.get(), mcp));
            return;
        }
        if (ctx.request().version() != HttpVersion.HTTP_2
                && ctx.request().connection() instanceof ConnectionBase connection) {
            UnsentResponses counter = counter(connection.channel());
            counter.answering(tenant.get(), mcp);
            ctx.put(UnsentResponses.NAME, counter);
        }
        ctx.next();
    }

    /** The connection's counter, added on its first request, between Vert.x's handler and the HTTP encoder. */
    private UnsentResponses counter(Channel channel) {
        ChannelPipeline pipeline = channel.pipeline();
        if (pipeline.get(UnsentResponses.NAME) instanceof UnsentResponses existing) {
            return existing;
        }
        UnsentResponses created = new UnsentResponses(budget);
        pipeline.addBefore("handler", UnsentResponses.NAME, created);
        return created;
    }

    /** The answer to a request of a tenant past its budget: nothing of the response was sent. */
    String refusalBody(String tenant, boolean mcp) {
        return HttpRefusal.body(mcp, "busy", "response", -32000, budget.refusal(tenant)).encode();
    }
}
