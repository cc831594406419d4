package dev.codeexec.http;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A request on the MCP endpoint whose params the framework cannot read ({@link JsonRpcShape}) and that failed before
 * reaching the message handler: quarkus-mcp-server 1.10.1 reads a tools/call's params while routing it over HTTP,
 * and its ClassCastException became a bare 500. This failure handler answers that failure as JSON-RPC says.
 */
@ApplicationScoped
public class JsonRpcShapeRefusal {

    private final String mcpRoot;

    public JsonRpcShapeRefusal(
            @ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = "/mcp") String mcpRoot) {
        this.mcpRoot = mcpRoot;
    }

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 2).failureHandler(this::answer);
    }

    private void answer(RoutingContext ctx) {
        boolean castFailed = ctx.failure() instanceof ClassCastException && ctx.normalizedPath().equals(mcpRoot)
                && !ctx.response().headWritten();
        Optional<JsonObject> message = castFailed ? message(ctx) : Optional.empty();
        Optional<String> refusal = message.flatMap(JsonRpcShape::refusal);
        if (refusal.isEmpty()) {
            ctx.next();
            return;
        }
        JsonObject error = new JsonObject().put("jsonrpc", "2.0").put("id", message.get().getValue("id"))
                .put("error", new JsonObject().put("code", JsonRpcShape.INVALID_PARAMS).put("message", refusal.get()));
        ctx.response().setStatusCode(200).putHeader(HttpHeaders.CONTENT_TYPE, "application/json").end(error.encode());
    }

    private static Optional<JsonObject> message(RoutingContext ctx) {
        Buffer body = ctx.body() == null ? null : ctx.body().buffer();
        try {
            return body != null && body.toJson() instanceof JsonObject object ? Optional.of(object) : Optional.empty();
        } catch (DecodeException e) {
            return Optional.empty();
        }
    }
}
