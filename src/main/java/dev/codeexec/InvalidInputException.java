package dev.codeexec;

/**
 * Input a service refuses: the message names the field and the limit. Shared by every capability,
 * so the MCP and REST adapters map it once (a tool error; HTTP 400, or 413 when too large).
 */
public class InvalidInputException extends RuntimeException {

    /** Whether the input was malformed or merely too large (REST maps the latter to 413). */
    public enum Kind { INVALID, TOO_LARGE, NOT_FOUND, CONFLICT, FORBIDDEN, GONE }

    private final String field;
    private final Kind kind;

    public InvalidInputException(String field, String message) {
        this(field, message, Kind.INVALID);
    }

    public InvalidInputException(String field, String message, Kind kind) {
        super(field + ": " + message);
        this.field = field;
        this.kind = kind;
    }

    /**
     * The longest piece of caller input a message repeats: a refusal must not grow with the input it refuses, and a
     * nested workspace path should still be recognisable.
     */
    public static final int MAX_ECHO = 120;

    /** {@code value} as a message repeats it: whole up to {@link #MAX_ECHO} characters, else that many then "…". */
    public static String echo(String value) {
        return value.length() <= MAX_ECHO ? value : value.substring(0, MAX_ECHO) + "…";
    }

    public String field() {
        return field;
    }

    public Kind kind() {
        return kind;
    }
}
