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
        ExecutionRequest r = ExecutionLimits.validate(new ExecuteCommand("pass", null, null, null, "alpha/c1", false));
        assertEquals(30, r.timeout().toSeconds());
        assertEquals("", r.stdin());
        assertEquals(ExecutionRequest.Reuse.WARM, r.reuse(), "a warm interpreter of the caller's tenant by default");
        assertEquals(SessionKey.warm("alpha"), r.session());
        assertEquals("alpha/c1", r.owner());
    }

    @Test
    void freshRunsHaveNoSessionKey() {
        ExecutionRequest r = ExecutionLimits.validate(new ExecuteCommand("pass", null, null, null, "alpha/c1", true));
        assertEquals(ExecutionRequest.Reuse.FRESH, r.reuse());
        assertNull(r.session());
    }

    @Test
    void scopesSessionsToTheOwnersTenant() {
        ExecutionRequest r = ExecutionLimits.validate(new ExecuteCommand("pass", 5, "", "web-1.ab12", "alpha/conn",
                false));
        assertEquals(SessionKey.of("alpha", "web-1.ab12"), r.session());
        assertEquals(SessionKey.of("alpha", "web-1.ab12"), ExecutionLimits.validate(new ExecuteCommand("pass", 5, "",
                "web-1.ab12", "alpha/vault:3", false)).session());
    }

    @Test
    void runsWithoutASessionShareTheirTenantsWarmInterpreters() {
        ExecutionRequest r = ExecutionLimits.validate(new ExecuteCommand("pass", null, null, null, "alpha/conn-1",
                false));
        assertEquals(SessionKey.warm("alpha"), r.session());
        assertEquals("alpha/conn-1", r.owner());
        assertEquals(SessionKey.warm("alpha"), ExecutionLimits.validate(new ExecuteCommand("pass", null, null, null,
                "alpha/vault:3", false)).session(), "another connection of the tenant, acting for a vault");
        assertEquals(SessionKey.warm("beta"), ExecutionLimits.validate(new ExecuteCommand("pass", null, null, null,
                "beta/conn-1", false)).session());
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
}
