package dev.codeexec;

import java.math.BigDecimal;
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

    /**
     * A JSON integer within int range, or null when absent. As in JSON Schema, 5.0 and 1e2 are integers; 2.7 or "30"
     * is refused rather than rounded or parsed.
     */
    public static Integer integer(Map<String, Object> args, String name) {
        Long value = whole(args, name);
        if (value == null) {
            return null;
        }
        if (value != value.intValue()) {
            throw new InvalidInputException(name, "must be an integer from " + Integer.MIN_VALUE + " to "
                    + Integer.MAX_VALUE + ", was " + value);
        }
        return value.intValue();
    }

    /** A JSON integer within long range, or null when absent; refused as {@link #integer} refuses. */
    public static Long whole(Map<String, Object> args, String name) {
        Object value = args.get(name);
        if (value == null) {
            return null;
        }
        if (value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof Number number) {
            try {
                // Exact: a fraction, NaN, an infinity or a value past long range is refused, never rounded.
                return new BigDecimal(number.toString()).longValueExact();
            } catch (ArithmeticException | NumberFormatException e) {
                throw new InvalidInputException(name, "must be an integer" + (integral(number)
                        ? " from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE : ""));
            }
        }
        throw new InvalidInputException(name, "must be an integer");
    }

    private static boolean integral(Number number) {
        try {
            return new BigDecimal(number.toString()).stripTrailingZeros().scale() <= 0;
        } catch (NumberFormatException e) {
            return false; // NaN, an infinity
        }
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
