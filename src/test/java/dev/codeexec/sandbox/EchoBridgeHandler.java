package dev.codeexec.sandbox;

import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.BridgeCaller;
import dev.codeexec.bridge.BridgeHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/** A test-only host service: echoes its arguments and its caller, answers at a given size, or fails on request. */
@ApplicationScoped
public class EchoBridgeHandler implements BridgeHandler {

    @Override
    public String service() {
        return "echo";
    }

    @Override
    public Object handle(String method, Map<String, Object> args, BridgeCaller caller) {
        return switch (method) {
            case "echo" -> Map.of("args", args, "caller", caller.connectionId());
            case "big" -> "x".repeat(((Number) args.get("chars")).intValue());
            case "refuse" -> throw new InvalidInputException("text", "is not acceptable here");
            case "missing" -> throw new InvalidInputException("name", "no such thing", InvalidInputException.Kind.NOT_FOUND);
            case "crash" -> throw new IllegalStateException("secret host detail /etc/shadow");
            default -> throw new InvalidInputException("method", "unknown method " + method);
        };
    }
}
