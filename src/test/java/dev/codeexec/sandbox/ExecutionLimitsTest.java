package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import org.junit.jupiter.api.Test;

class ExecutionLimitsTest {

    @Test
    void appliesDefaults() {
        ExecutionRequest r = ExecutionLimits.validate(new ExecuteCommand("pass", null, null, null, "c1", false));
        assertEquals(30, r.timeout().toSeconds());
        assertEquals("", r.stdin());
        assertEquals(ExecutionRequest.Reuse.WARM, r.reuse(), "the caller's warm interpreter by default");
        assertEquals(SessionKey.warm("c1"), r.session());
        assertEquals("c1", r.owner());
    }

    @Test
    void freshRunsHaveNoSessionKey() {
        ExecutionRequest r = ExecutionLimits.validate(new ExecuteCommand("pass", null, null, null, "c1", true));
        assertEquals(ExecutionRequest.Reuse.FRESH, r.reuse());
        assertNull(r.session());
    }

    @Test
    void scopesSessionsToTheOwner() {
        ExecutionRequest r = ExecutionLimits.validate(new ExecuteCommand("pass", 5, "", "s-1.a_b", "conn", false));
        assertEquals(new SessionKey("conn", "s-1.a_b"), r.session());
    }

    @Test
    void countsBytesNotCharacters() {
        String threeByteChars = "€".repeat((1 << 20) / 3 + 1);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> ExecutionLimits.validate(new ExecuteCommand("#" + threeByteChars, null, null, null, "", false)));
        assertEquals("code", e.field());
        assertEquals(InvalidInputException.Kind.TOO_LARGE, e.kind());
        assertTrue(e.getMessage().contains("1048576"));
    }

    @Test
    void rejectsBadSessionNames() {
        for (String bad : new String[] {"", "a b", "../x", "x".repeat(65), "naïve"}) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> ExecutionLimits.validate(new ExecuteCommand("pass", null, null, bad, "", false)));
            assertEquals("session", e.field());
        }
    }
}
