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

    /** A copy of a JSON-like value (maps, lists, strings, numbers...) with tokens in its strings restored. */
    public Object restore(Object value, String connectionId) {
        if (value instanceof String text) {
            return text.indexOf('<') < 0 ? text : pii.restore(text, connectionId).text();
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(k, restore(v, connectionId)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(restore(v, connectionId)));
            return copy;
        }
        return value;
    }
}
