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
 * Answers, as JSON-RPC says, the requests on the MCP endpoint that quarkus-mcp-server 1.10.1 fails on while routing
 * them over HTTP, which Quarkus would answer with a bare 500:
 * <ul>
 * <li>an empty batch ({@code []}), whose first element it read (an IndexOutOfBoundsException): an invalid request,
 * -32600 with id null;</li>
 * <li>a tools/call whose params it cannot read ({@link JsonRpcShape}; a ClassCastException): invalid params, -32602
 * with the request's id.</li>
 * </ul>
 * Any other failure keeps the framework's answer.
 */
@ApplicationScoped
public class McpFailureAnswers {

    private final String mcpRoot;

    public McpFailureAnswers(
            @ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = "/mcp") String mcpRoot) {
        this.mcpRoot = mcpRoot;
    }

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 2).failureHandler(this::answer);
    }

    private void answer(RoutingContext ctx) {
        Throwable failure = ctx.failure();
        boolean framework = (failure instanceof IndexOutOfBoundsException || failure instanceof ClassCastException)
                && ctx.normalizedPath().equals(mcpRoot) && !ctx.response().headWritten();
        Buffer body = framework && ctx.body() != null ? ctx.body().buffer() : null;
        if (body == null) {
            ctx.next();
        } else if (failure instanceof IndexOutOfBoundsException) {
            answerEmptyBatch(ctx, body);
        } else {
            answerUnreadableParams(ctx, body);
        }
    }

    private void answerEmptyBatch(RoutingContext ctx, Buffer body) {
        if (!body.toString().replaceAll("\\s", "").equals("[]")) {
            ctx.next();
            return;
        }
        send(ctx, 400, new JsonObject().put("jsonrpc", "2.0").putNull("id").put("error", new JsonObject()
                .put("code", -32600).put("message", "Invalid Request: an empty batch; send a request object")));
    }

    private void answerUnreadableParams(RoutingContext ctx, Buffer body) {
        Optional<JsonObject> message = request(body);
        Optional<String> refusal = message.flatMap(JsonRpcShape::refusal);
        if (refusal.isEmpty()) {
            ctx.next();
            return;
        }
        send(ctx, 200, new JsonObject().put("jsonrpc", "2.0").put("id", message.get().getValue("id"))
                .put("error", new JsonObject().put("code", JsonRpcShape.INVALID_PARAMS).put("message", refusal.get())));
    }

    private static Optional<JsonObject> request(Buffer body) {
        try {
            return body.toJson() instanceof JsonObject object ? Optional.of(object) : Optional.empty();
        } catch (DecodeException e) {
            return Optional.empty();
        }
    }

    private static void send(RoutingContext ctx, int status, JsonObject error) {
        ctx.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .end(error.encode());
    }
}
