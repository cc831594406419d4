package dev.codeexec.registry;

import dev.codeexec.InvalidInputException;
import dev.codeexec.pii.TokenRestorer;
import dev.codeexec.sandbox.BridgeCaller;
import dev.codeexec.sandbox.BridgeHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * Bridge service "tools": what the guest module {@code tools.py} needs to discover and call tools from
 * sandboxed code. Registry tools run in the sandbox itself (the guest fetches their source); only
 * upstream tools run through the host.
 */
@ApplicationScoped
public class RegistryBridge implements BridgeHandler {

    private final RegistryService registry;
    private final TokenRestorer tokens;

    public RegistryBridge(RegistryService registry, TokenRestorer tokens) {
        this.registry = registry;
        this.tokens = tokens;
    }

    @Override
    public String service() {
        return "tools";
    }

    @Override
    public Object handle(String method, Map<String, Object> args, BridgeCaller caller) {
        return switch (method) {
            case "search" -> registry.search(new ToolSearch(string(args, "query"), string(args, "category"),
                    integer(args, "limit"), string(args, "detail")));
            case "definition" -> registry.definition(string(args, "name"));
            case "source" -> Map.of("name", string(args, "name"), "source", registry.source(string(args, "name")));
            // The guest (and the model) saw PII tokens; the upstream tool gets the real values.
            case "call_upstream" -> registry.callUpstream(string(args, "name"),
                    restored(arguments(args), caller.connectionId()));
            default -> throw new InvalidInputException("method", "unknown tools method '" + method
                    + "'; use search, definition, source or call_upstream");
        };
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> restored(Map<String, Object> arguments, String connectionId) {
        return (Map<String, Object>) tokens.restore(arguments, connectionId);
    }

    private static String string(Map<String, Object> args, String key) {
        Object v = args.get(key);
        if (v != null && !(v instanceof String)) {
            throw new InvalidInputException(key, "must be a string");
        }
        return (String) v;
    }

    private static Integer integer(Map<String, Object> args, String key) {
        Object v = args.get(key);
        if (v != null && !(v instanceof Number)) {
            throw new InvalidInputException(key, "must be an integer");
        }
        return v == null ? null : ((Number) v).intValue();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> arguments(Map<String, Object> args) {
        Object v = args.get("arguments");
        if (v != null && !(v instanceof Map)) {
            throw new InvalidInputException("arguments", "must be an object of keyword arguments");
        }
        return v == null ? Map.of() : (Map<String, Object>) v;
    }
}
