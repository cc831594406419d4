package dev.codeexec;

import java.util.Map;

/**
 * Reads call arguments that arrive as decoded JSON (MCP tools registered at run time, and the sandbox bridge):
 * the one place that decides what a string, an integer or a flag is, and how a wrong type is refused.
 */
public final class Arguments {
    private Arguments() {
    }

    /** A string, or null when absent. */
    public static String string(Map<String, Object> args, String name) {
        Object value = args.get(name);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw new InvalidInputException(name, "must be a string");
    }

    /** A JSON integer within int range, or null when absent; 2.7 or "30" is refused rather than rounded or parsed. */
    public static Integer integer(Map<String, Object> args, String name) {
        Object value = args.get(name);
        if (value == null) {
            return null;
        }
        if ((value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte)
                && ((Number) value).longValue() == ((Number) value).intValue()) {
            return ((Number) value).intValue();
        }
        throw new InvalidInputException(name, "must be an integer");
    }

    /** true or false, absent meaning false; anything else is refused. */
    public static boolean flag(Map<String, Object> args, String name) {
        Object value = args.get(name);
        if (value == null) {
            return false;
        }
        if (value instanceof Boolean b) {
            return b;
        }
        throw new InvalidInputException(name, "must be true or false");
    }
}
