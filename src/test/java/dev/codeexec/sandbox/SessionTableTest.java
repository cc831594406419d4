package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Dropping a session while a run holds it: a worker running two executions at once may be told, with one of them,
 * to drop the interpreter the other is running in. Its state is released when that run ends, not under it
 * (mutation-checked: releasing at once fails the first test).
 */
class SessionTableTest {

    private final List<String> released = new ArrayList<>();
    private final SessionTable<String> table = new SessionTable<>(8, Duration.ofMinutes(5),
            entry -> released.add(entry.handle()));

    @Test
    void aSessionDroppedWhileARunHoldsItIsReleasedWhenTheRunEnds() {
        SessionKey key = SessionKey.of("tenant", "s");
        SessionTable.Entry<String> entry = table.create(key, () -> "interpreter");
        entry.lock();
        assertTrue(table.drop(key));
        assertNull(table.find(key), "a dropped session is still found");
        assertEquals(List.of(), released, "released under the run holding it");
        entry.unlock();
        assertEquals(List.of("interpreter"), released);
        entry.lock();
        entry.unlock();
        assertEquals(List.of("interpreter"), released, "released twice");
    }

    @Test
    void aSessionNoRunHoldsIsReleasedAtOnce() {
        SessionKey key = SessionKey.of("tenant", "s");
        table.create(key, () -> "interpreter");
        assertTrue(table.drop(key));
        assertEquals(List.of("interpreter"), released);
    }
}
