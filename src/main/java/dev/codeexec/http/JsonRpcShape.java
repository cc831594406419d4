package dev.codeexec.http;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * What an MCP request's {@code params} must be before quarkus-mcp-server 1.10.1 reads it: a JSON object, its
 * {@code _meta} an object, and a progress token a string or an integer. The framework cast each and failed with a
 * ClassCastException (stdio and most methods over HTTP: the request was never answered; a tools/call over HTTP: a
 * bare 500) or, for a token, answered -32603 "Internal error". The refusal is JSON-RPC's invalid params (-32602).
 */
public final class JsonRpcShape {

    /** JSON-RPC's "Invalid params". */
    public static final int INVALID_PARAMS = -32602;

    private JsonRpcShape() {
    }

    /** Why {@code message}, a request (it has an id and a method), cannot be read; empty when it can. */
    public static Optional<String> refusal(JsonObject message) {
        if (message.getValue("id") == null || !(message.getValue("method") instanceof String)) {
            return Optional.empty();
        }
        Object params = message.getValue("params");
        if (params == null) {
            return Optional.empty();
        }
        if (!(params instanceof JsonObject object)) {
            return Optional.of("params: must be a JSON object, not " + jsonType(params));
        }
        Object meta = object.getValue("_meta");
        if (meta == null) {
            return Optional.empty();
        }
        if (!(meta instanceof JsonObject metaObject)) {
            return Optional.of("params._meta: must be a JSON object, not " + jsonType(meta));
        }
        Object token = metaObject.getValue("progressToken");
        if (token == null || token instanceof String || token instanceof Number n && integral(n)) {
            return Optional.empty();
        }
        return Optional.of("params._meta.progressToken: must be a string or an integer, not "
                + (token instanceof Number ? token : jsonType(token)));
    }

    /** A JSON value's type as a refusal names it: "a string", "an array", ... */
    public static String jsonType(Object value) {
        return switch (value) {
            case null -> "null";
            case String s -> "a string";
            case JsonArray a -> "an array";
            case java.util.List<?> l -> "an array";
            case JsonObject o -> "an object";
            case java.util.Map<?, ?> m -> "an object";
            case Boolean b -> "a boolean";
            case Number n -> "a number";
            default -> "another JSON value";
        };
    }

    private static boolean integral(Number number) {
        try {
            return new BigDecimal(number.toString()).stripTrailingZeros().scale() <= 0;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
