package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Who gets a free worker: the run that belongs there, else the longest waiting that may go anywhere. */
class WaitLineTest {

    static final long NOW = 1_000;
    static final long PATIENT = NOW + 100;
    static final long IMPATIENT = NOW - 1;

    final WaitLine<String> line = new WaitLine<>();
    final Set<String> live = Set.of("a", "b");
    Map<String, Long> homes = Map.of();

    private boolean dispatch(String... free) {
        List<String> idle = new ArrayList<>(List.of(free));
        boolean granted = line.dispatch(idle, live::contains, w -> homes.getOrDefault(w, 0L), NOW);
        return granted;
    }

    @Test
    void aRunWaitsForItsBusyHomeWhilePatientThenTakesAnyFreeWorker() {
        WaitLine.Waiter<String> patient = line.join(null, "a", PATIENT);
        assertFalse(dispatch("b"));
        assertNull(patient.granted, "waits for the worker holding its interpreter");
        WaitLine.Waiter<String> impatient = line.join(null, "a", IMPATIENT);
        assertTrue(dispatch("b"));
        assertEquals("b", impatient.granted, "past its patience any free worker will do");
        assertTrue(dispatch("a"));
        assertEquals("a", patient.granted);
    }

    @Test
    void aFreeWorkerGoesToTheLongestWaitingRunThatMayTakeIt() {
        WaitLine.Waiter<String> homedElsewhere = line.join(null, "b", PATIENT);
        WaitLine.Waiter<String> first = line.join(null, null, PATIENT);
        WaitLine.Waiter<String> second = line.join(null, "a", PATIENT);
        assertTrue(dispatch("a"));
        assertNull(homedElsewhere.granted);
        assertEquals("a", first.granted, "in arrival order among those that may take it");
        assertNull(second.granted);
    }

    @Test
    void aSessionRunTakesOnlyItsOwnWorker() {
        WaitLine.Waiter<String> session = line.join("a", null, IMPATIENT);
        assertFalse(dispatch("b"));
        assertNull(session.granted);
        assertTrue(dispatch("a"));
        assertEquals("a", session.granted);
    }

    @Test
    void aRunWhoseHomeIsGoneTakesAnyWorkerAtOnce() {
        WaitLine.Waiter<String> orphan = line.join(null, "dead", PATIENT);
        assertTrue(dispatch("b"));
        assertEquals("b", orphan.granted);
    }

    @Test
    void freeWorkersHoldingFewerInterpretersAreOfferedFirst() {
        homes = Map.of("a", 3L, "b", 1L);
        WaitLine.Waiter<String> newcomer = line.join(null, null, PATIENT);
        assertTrue(dispatch("a", "b"));
        assertEquals("b", newcomer.granted);
    }

    @Test
    void eachWorkerIsGrantedOnceAndLeavesTheIdleSet() {
        WaitLine.Waiter<String> one = line.join(null, null, PATIENT);
        WaitLine.Waiter<String> two = line.join(null, null, PATIENT);
        List<String> idle = new ArrayList<>(List.of("a"));
        assertTrue(line.dispatch(idle, live::contains, w -> 0L, NOW));
        assertEquals("a", one.granted);
        assertNull(two.granted);
        assertTrue(idle.isEmpty());
        line.leave(one);
        assertEquals(1, line.size());
    }
}
