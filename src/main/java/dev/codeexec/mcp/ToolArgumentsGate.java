package dev.codeexec.mcp;

import dev.codeexec.Arguments;
import dev.codeexec.InvalidInputException;
import dev.codeexec.http.JsonRpcShape;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpException;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.vertx.core.Future;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Where a tools/call's arguments enter, for every tool and transport, before the framework reads them: arguments
 * that are not a JSON object are invalid params (-32602); a null argument is one not given; a name the tool does not
 * take, or a non-integer for an integer argument, is a tool error. Integral numbers (5.0, 1e2) reach the tool as
 * integers.
 *
 * <p>Bound to the tool manager by {@link ToolArgumentsExtension}.
 */
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE)
public class ToolArgumentsGate {

    private final ToolArgumentRules rules;

    @Inject
    public ToolArgumentsGate(ToolArgumentRules rules) {
        this.rules = rules;
    }

    @AroundInvoke
    Object check(InvocationContext call) throws Exception {
        Object[] parameters = call.getParameters();
        // FeatureManagerBase.execute(String tool, FeatureExecutionContext call): tools/call on every transport.
        if (!call.getMethod().getName().equals("execute") || parameters.length != 2
                || !(parameters[1] instanceof Record context)) {
            return call.proceed();
        }
        Object params = message(context).getValue("params");
        if (!(parameters[0] instanceof String name)) {
            // The framework looked a null name up and threw, and the call was never answered; its metrics tag the
            // call with the name, which must not be null either.
            if (params instanceof JsonObject paramsObject) {
                paramsObject.put("name", "");
            }
            throw new McpException("name: is required: the tool to call, as tools/list names it",
                    JsonRpcErrorCodes.INVALID_PARAMS);
        }
        if (!(params instanceof JsonObject paramsObject)) {
            return call.proceed();
        }
        ToolManager tools = (ToolManager) call.getTarget();
        ToolManager.ToolInfo tool = tools.getTool(name);
        if (tool == null) {
            // The framework answers only "Invalid tool name"; an agent calling a registry tool directly learns where
            // it lives.
            List<String> names = new ArrayList<>();
            tools.forEach(t -> names.add(t.name()));
            Collections.sort(names);
            throw new McpException("name: no tool '" + InvalidInputException.echo(name) + "' on this "
                    + "server; its tools: " + String.join(", ", names) + ". Registry tools run inside execute_code "
                    + "(import tools); search_tools finds them", JsonRpcErrorCodes.INVALID_PARAMS);
        }
        String refusal = bind(tool, paramsObject);
        return refusal == null ? call.proceed() : Future.succeededFuture(ToolResponse.error(refusal));
    }

    /**
     * Normalizes {@code params.arguments} in place for {@code tool} (null when no such tool): nulls dropped, integral
     * numbers made integers. Returns the refusal to answer as a tool error, or null.
     */
    String bind(ToolManager.ToolInfo tool, JsonObject params) {
        Object raw = params.getValue("arguments");
        if (raw == null) {
            return null;
        }
        if (!(raw instanceof JsonObject arguments)) {
            throw new McpException("arguments: must be a JSON object of argument names and values, not "
                    + JsonRpcShape.jsonType(raw), JsonRpcErrorCodes.INVALID_PARAMS);
        }
        Map<String, Object> values = arguments.getMap();
        values.values().removeIf(Objects::isNull);
        if (tool == null) {
            return null;
        }
        Map<String, ToolManager.ToolArgument> declared = new LinkedHashMap<>();
        tool.arguments().forEach(a -> declared.put(a.name(), a));
        try {
            for (Map.Entry<String, Object> entry : values.entrySet()) {
                ToolManager.ToolArgument argument = declared.get(entry.getKey());
                if (argument == null) {
                    return unknown(tool.name(), entry.getKey(), declared.keySet());
                }
                if (argument.type() == int.class || argument.type() == Integer.class) {
                    entry.setValue(integer(tool.name(), values, entry.getKey()));
                } else if (argument.type() == long.class || argument.type() == Long.class) {
                    entry.setValue(Arguments.whole(values, entry.getKey()));
                } else {
                    requireJsonType(entry.getKey(), argument.type(), entry.getValue());
                }
            }
            for (ToolManager.ToolArgument argument : declared.values()) {
                if (argument.required() && !values.containsKey(argument.name())) {
                    throw new InvalidInputException(argument.name(), "is required");
                }
            }
        } catch (InvalidInputException e) {
            return e.getMessage();
        }
        return null;
    }

    /**
     * An int argument. One past int range is refused with the argument's own bounds where it has them: "must be an
     * integer from -2147483648 to 2147483647" named a limit, but not the one that holds (limit: 1 to 50).
     */
    private Integer integer(String tool, Map<String, Object> values, String name) {
        long value = Arguments.whole(values, name);
        if (value == (int) value) {
            return (int) value;
        }
        Map<String, Object> bounds = rules.of(tool, name);
        if (bounds.get("maximum") != null) {
            throw new InvalidInputException(name, "must be between " + bounds.get("minimum") + " and "
                    + bounds.get("maximum") + ", got " + value);
        }
        if (bounds.get("minimum") != null) {
            throw new InvalidInputException(name, "must be an integer from " + bounds.get("minimum") + " to "
                    + Integer.MAX_VALUE + ", got " + value);
        }
        return Arguments.integer(values, name);
    }

    /**
     * Refuses a value of another JSON type than the argument's, naming the argument as every other refusal does; the
     * framework's own refusal named neither the field first nor the type plainly, and took [1, 2] for strings.
     */
    private static void requireJsonType(String name, Type type, Object value) {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType()
                : type instanceof Class<?> c ? c : Object.class;
        if (raw == String.class && !(value instanceof String)) {
            throw new InvalidInputException(name, "must be a string, not " + JsonRpcShape.jsonType(value));
        }
        if ((raw == Boolean.class || raw == boolean.class) && !(value instanceof Boolean)) {
            throw new InvalidInputException(name, "must be true or false, not " + JsonRpcShape.jsonType(value));
        }
        if ((raw == Double.class || raw == double.class) && !(value instanceof Number)) {
            throw new InvalidInputException(name, "must be a number, not " + JsonRpcShape.jsonType(value));
        }
        if (Map.class.isAssignableFrom(raw) && !(value instanceof JsonObject || value instanceof Map<?, ?>)) {
            throw new InvalidInputException(name, "must be a JSON object, not " + JsonRpcShape.jsonType(value));
        }
        if (List.class.isAssignableFrom(raw)) {
            List<?> items = value instanceof JsonArray array ? array.getList() : value instanceof List<?> list ? list
                    : null;
            if (items == null) {
                throw new InvalidInputException(name, "must be an array, not " + JsonRpcShape.jsonType(value));
            }
            boolean ofStrings = type instanceof ParameterizedType p && p.getActualTypeArguments()[0] == String.class;
            for (int i = 0; ofStrings && i < items.size(); i++) {
                if (!(items.get(i) instanceof String)) {
                    throw new InvalidInputException(name, "must be an array of strings; item " + i + " is "
                            + JsonRpcShape.jsonType(items.get(i)));
                }
            }
        }
    }

    private static String unknown(String tool, String name, Set<String> names) {
        return InvalidInputException.echo(name) + ": unknown argument; " + tool + " takes "
                + (names.isEmpty() ? "no arguments" : String.join(", ", names));
    }

    /** The call's JSON-RPC message: the framework's execution context is a package-private record. */
    private static JsonObject message(Record context) throws ReflectiveOperationException {
        Method accessor = context.getClass().getDeclaredMethod("message");
        accessor.setAccessible(true);
        return (JsonObject) accessor.invoke(context);
    }
}
