package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How a drained worker goes. */
class DrainingTest {

    private final Draining<String> draining = new Draining<>();

    /** A worker not drained, or one that asked to be replaced, is replaced when it is retired. */
    @Test
    void aWorkerAskingToBeReplacedIsReplacedOnce() {
        assertTrue(draining.replacedOnRetire("w"));
        draining.drainToReplace("w", "asked");
        assertEquals(new Draining.Drain("asked", Draining.Leaving.RETIRE_AND_REPLACE), draining.of("w"));
        assertTrue(draining.replacedOnRetire("w"));
    }

    /** One whose replacement started while it drained (an overrun) gets no second one when it asks too. */
    @Test
    void aWorkerWhoseReplacementStartedGetsNoSecond() {
        draining.drain("w", "overrun", Draining.Leaving.RETIRE);
        draining.drainToReplace("w", "asked");
        assertEquals(Draining.Leaving.RETIRE, draining.of("w").leaving());
        assertFalse(draining.replacedOnRetire("w"));
        draining.remove("w");
        assertFalse(draining.contains("w"));
    }
}
