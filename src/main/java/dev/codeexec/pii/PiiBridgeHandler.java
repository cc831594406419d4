package dev.codeexec.pii;

import dev.codeexec.Arguments;
import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.BridgeCaller;
import dev.codeexec.bridge.BridgeHandler;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;

/**
 * Bridge service "pii" for sandboxed code ({@code import pii}): sanitize and restore on the vault the run acts for
 * (execute_code's vault, its session's, or its connection's), so tokens agree with those the model sees.
 */
@ApplicationScoped
public class PiiBridgeHandler implements BridgeHandler {

    private final PiiService pii;

    public PiiBridgeHandler(PiiService pii) {
        this.pii = pii;
    }

    @Override
    public String service() {
        return "pii";
    }

    @Override
    public Object handle(String method, Map<String, Object> args, BridgeCaller caller) {
        return switch (method) {
            case "sanitize" -> pii.sanitize(new SanitizeRequest(Arguments.string(args, "text"), entities(args),
                    minScore(args)), caller.connectionId());
            case "restore" -> pii.restore(Arguments.string(args, "text"), caller.connectionId());
            default -> throw new InvalidInputException("method", "'" + method
                    + "' is not a pii operation; use sanitize or restore");
        };
    }


    private static List<String> entities(Map<String, Object> args) {
        Object value = args.get("entities");
        if (value == null) {
            return null;
        }
        if (!(value instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
            throw new InvalidInputException("entities", "must be a list of entity type names");
        }
        return list.stream().map(String.class::cast).toList();
    }

    private static Double minScore(Map<String, Object> args) {
        Object value = args.get("min_score");
        if (value == null) {
            return null;
        }
        if (!(value instanceof Number n)) {
            throw new InvalidInputException("min_score", "must be a number between 0 and 1");
        }
        return n.doubleValue();
    }
}
