package dev.codeexec.registry;

import dev.codeexec.Arguments;
import dev.codeexec.InvalidInputException;
import dev.codeexec.pii.TokenRestorer;
import dev.codeexec.bridge.BridgeCaller;
import dev.codeexec.bridge.BridgeHandler;
import dev.codeexec.tenant.Caller;
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
            case "search" -> registry.search(new ToolSearch(Arguments.string(args, "query"),
                    Arguments.string(args, "category"), Arguments.integer(args, "limit"),
                    Arguments.string(args, "detail")));
            case "definition" -> registry.definition(Arguments.string(args, "name"));
            case "source" -> Map.of("name", Arguments.string(args, "name"),
                    "source", registry.source(Arguments.string(args, "name")));
            // The guest (and the model) saw PII tokens; the upstream tool gets the real values.
            case "call_upstream" -> registry.callUpstream(Caller.tenantOf(caller.connectionId()),
                    Arguments.string(args, "name"), restored(arguments(args), caller.connectionId()));
            default -> throw new InvalidInputException("method", "unknown tools method '" + method
                    + "'; use search, definition, source or call_upstream");
        };
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> restored(Map<String, Object> arguments, String connectionId) {
        return (Map<String, Object>) tokens.restore(arguments, connectionId);
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
