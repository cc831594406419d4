package dev.codeexec.pii;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts real values back into the arguments of a call leaving the server (an upstream MCP tool):
 * the model and the sandboxed code only ever saw tokens, the tool gets what they stand for. Only
 * tokens of the calling connection's vault are restored; everything else passes unchanged.
 */
@ApplicationScoped
public class TokenRestorer {

    private final PiiService pii;

    public TokenRestorer(PiiService pii) {
        this.pii = pii;
    }

    /**
     * A copy of a JSON-like value (maps, lists, strings, numbers...) with tokens in its strings restored. Its strings
     * together come to at most {@code pii.max-input-chars} restored: many short strings, each a token of a long value,
     * are as large as one long one.
     *
     * @throws dev.codeexec.InvalidInputException (TOO_LARGE, field "arguments") when they would come to more
     */
    public Object restore(Object value, String connectionId) {
        return restore(value, connectionId, new long[] {pii.maxInputChars()});
    }

    /** {@code left[0]}: the characters the restored strings may still take. */
    private Object restore(Object value, String connectionId, long[] left) {
        if (value instanceof String text) {
            if (text.indexOf('<') < 0) {
                return text;
            }
            String restored = pii.restore(text, connectionId, left[0], "arguments").text();
            left[0] -= restored.length();
            return restored;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(k, restore(v, connectionId, left)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(restore(v, connectionId, left)));
            return copy;
        }
        return value;
    }
}
