package dev.codeexec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the one argument reader accepts, and how it names what it refuses. */
class ArgumentsTest {

    static Map<String, Object> args(Object... pairs) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    @Test
    void stringsAndAbsence() {
        assertEquals("x", Arguments.string(args("name", "x"), "name"));
        assertNull(Arguments.string(args(), "name"));
        assertEquals("name: must be a string",
                assertThrows(InvalidInputException.class, () -> Arguments.string(args("name", 3), "name")).getMessage());
    }

    @Test
    void integersAreNeverRoundedOrParsed() {
        assertEquals(5, Arguments.integer(args("limit", 5L), "limit"));
        assertNull(Arguments.integer(args(), "limit"));
        assertEquals(5, Arguments.integer(args("limit", 5.0), "limit"), "JSON Schema counts 5.0 as an integer");
        assertEquals(100, Arguments.integer(args("limit", 1e2), "limit"));
        assertEquals(1L << 40, Arguments.whole(args("offset", (double) (1L << 40)), "offset"));
        for (Object wrong : new Object[] {2.7, 5.5, Double.NaN, Double.POSITIVE_INFINITY, "30", true}) {
            assertEquals("limit: must be an integer", assertThrows(InvalidInputException.class,
                    () -> Arguments.integer(args("limit", wrong), "limit")).getMessage(), String.valueOf(wrong));
        }
        // A whole number out of range is told the range, not that it is no integer.
        assertEquals("limit: must be an integer from -2147483648 to 2147483647, was 1099511627776",
                assertThrows(InvalidInputException.class, () -> Arguments.integer(args("limit", 1L << 40), "limit"))
                        .getMessage());
        assertEquals("limit: must be an integer from -9223372036854775808 to 9223372036854775807",
                assertThrows(InvalidInputException.class, () -> Arguments.integer(args("limit", 1e300), "limit"))
                        .getMessage());
    }

    @Test
    void flagsAreBooleansOnly() {
        assertTrue(Arguments.flag(args("fresh", true), "fresh"));
        assertFalse(Arguments.flag(args("fresh", false), "fresh"));
        assertFalse(Arguments.flag(Map.of(), "fresh"), "an absent flag is false");
        assertEquals("fresh: must be true or false",
                assertThrows(InvalidInputException.class, () -> Arguments.flag(args("fresh", "yes"), "fresh")).getMessage());
    }
}
