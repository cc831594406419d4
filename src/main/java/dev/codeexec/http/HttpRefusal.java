package dev.codeexec.http;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** The body of a refusal made before a request reaches MCP or REST: a JSON-RPC error on /mcp, the REST error body. */
final class HttpRefusal {

    private HttpRefusal() {
    }

    /** Whether the request is on the MCP endpoint (or below it), whose refusals are JSON-RPC errors. */
    static boolean onMcp(RoutingContext ctx, String mcpRoot) {
        String path = ctx.normalizedPath();
        return path.equals(mcpRoot) || path.startsWith(mcpRoot + "/");
    }

    static JsonObject body(boolean mcp, String code, String field, int jsonRpcCode, String message) {
        return mcp
                ? new JsonObject().put("jsonrpc", "2.0").putNull("id")
                        .put("error", new JsonObject().put("code", jsonRpcCode).put("message", message))
                : new JsonObject().put("error", code).put("field", field).put("message", message);
    }
}
