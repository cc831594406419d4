package dev.codeexec.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * An empty JSON-RPC batch ({@code []}) on the MCP endpoint is an invalid request, answered as JSON-RPC says
 * (-32600, id null). quarkus-mcp-server 1.10.1 read its first element and failed with an IndexOutOfBoundsException,
 * which Quarkus answered as a bare 500; this failure handler answers that one failure instead.
 */
@ApplicationScoped
public class EmptyBatchRefusal {

    private final String mcpRoot;

    public EmptyBatchRefusal(
            @ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = "/mcp") String mcpRoot) {
        this.mcpRoot = mcpRoot;
    }

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 2).failureHandler(this::answer);
    }

    private void answer(RoutingContext ctx) {
        if (!(ctx.failure() instanceof IndexOutOfBoundsException) || !ctx.normalizedPath().equals(mcpRoot)
                || ctx.response().headWritten() || !emptyBatch(ctx)) {
            ctx.next();
            return;
        }
        JsonObject error = new JsonObject().put("jsonrpc", "2.0").putNull("id").put("error", new JsonObject()
                .put("code", -32600).put("message", "Invalid Request: an empty batch; send a request object"));
        ctx.response().setStatusCode(400).putHeader(HttpHeaders.CONTENT_TYPE, "application/json").end(error.encode());
    }

    private static boolean emptyBatch(RoutingContext ctx) {
        Buffer body = ctx.body() == null ? null : ctx.body().buffer();
        return body != null && body.toString().replaceAll("\\s", "").equals("[]");
    }
}
