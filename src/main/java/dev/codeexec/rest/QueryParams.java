package dev.codeexec.rest;

import dev.codeexec.Arguments;
import dev.codeexec.InvalidInputException;
import java.math.BigInteger;
import java.util.Map;

/**
 * Query parameters that are numbers or flags, taken as text and read here: JAX-RS answers one that does not convert
 * ({@code ?limit=abc}) with an empty 404, and takes {@code ?recursive=yes} for false.
 */
final class QueryParams {

    private QueryParams() {
    }

    /** An integer within int range, or null when absent. */
    static Integer integer(String name, String raw) {
        return raw == null ? null : Arguments.integer(Map.of(name, wholeNumber(name, raw)), name);
    }

    /** An integer within long range, or null when absent. */
    static Long whole(String name, String raw) {
        return raw == null ? null : Arguments.whole(Map.of(name, wholeNumber(name, raw)), name);
    }

    /** true or false, or null when absent. */
    static Boolean flag(String name, String raw) {
        if (raw == null) {
            return null;
        }
        return switch (raw) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidInputException(name, "must be true or false, was '"
                    + InvalidInputException.echo(raw) + "'");
        };
    }

    private static Number wholeNumber(String name, String raw) {
        try {
            return new BigInteger(raw.strip());
        } catch (NumberFormatException e) {
            throw new InvalidInputException(name, "must be an integer, was '" + InvalidInputException.echo(raw) + "'");
        }
    }
}
