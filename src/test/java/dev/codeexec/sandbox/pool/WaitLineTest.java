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

/**
 * Who gets a free worker: the tenant holding fewest, never one holding its share while another waits; within a
 * tenant the longest waiting run that may take it (a session's run only its own worker).
 */
class WaitLineTest {

    final WaitLine<String, String> line = new WaitLine<>(2, worker -> worker);
    final Set<String> live = Set.of("a", "b");
    /** Sessions each worker holds. */
    Map<String, Long> occupancy = Map.of();

    private boolean dispatch(String... free) {
        List<String> idle = new ArrayList<>(List.of(free));
        boolean granted = line.dispatch(idle, Integer.MAX_VALUE, live::contains, w -> occupancy.getOrDefault(w, 0L));
        return granted;
    }

    @Test
    void aFreeWorkerGoesToTheLongestWaitingRunThatMayTakeIt() {
        WaitLine.Waiter<String, String> pinnedElsewhere = line.join("b", "t");
        WaitLine.Waiter<String, String> first = line.join(null, "t");
        WaitLine.Waiter<String, String> second = line.join(null, "t");
        assertTrue(dispatch("a"));
        assertNull(pinnedElsewhere.granted);
        assertEquals("a", first.granted, "in arrival order among those that may take it");
        assertNull(second.granted);
    }

    @Test
    void aSessionRunTakesOnlyItsOwnWorker() {
        WaitLine.Waiter<String, String> session = line.join("a", "t");
        assertFalse(dispatch("b"));
        assertNull(session.granted);
        assertTrue(dispatch("a"));
        assertEquals("a", session.granted);
    }

    @Test
    void freeWorkersHoldingFewerSessionsAreOfferedFirst() {
        occupancy = Map.of("a", 3L, "b", 1L);
        WaitLine.Waiter<String, String> newcomer = line.join(null, "t");
        assertTrue(dispatch("a", "b"));
        assertEquals("b", newcomer.granted);
    }

    @Test
    void eachWorkerIsGrantedOnceAndLeavesTheIdleSet() {
        WaitLine.Waiter<String, String> one = line.join(null, "t");
        WaitLine.Waiter<String, String> two = line.join(null, "t");
        List<String> idle = new ArrayList<>(List.of("a"));
        assertTrue(line.dispatch(idle, Integer.MAX_VALUE, live::contains, w -> 0L));
        assertEquals("a", one.granted);
        assertNull(two.granted);
        assertTrue(idle.isEmpty());
        line.leave(one);
        assertEquals(1, line.size());
    }

    @Test
    void aWaitingTenantGetsTheFreeWorkerBeforeATenantAlreadyHoldingOne() {
        WaitLine.Waiter<String, String> first = line.join(null, "b");
        assertTrue(dispatch("a"));
        assertEquals("a", first.granted);
        WaitLine.Waiter<String, String> moreOfB = line.join(null, "b");
        WaitLine.Waiter<String, String> tenantA = line.join(null, "a");
        assertTrue(dispatch("b"));
        assertEquals("b", tenantA.granted, "the tenant holding no worker goes first, though it came later");
        assertNull(moreOfB.granted);
    }

    @Test
    void aTenantHoldingItsShareGetsNoMoreWhileAnotherTenantWaits() {
        WaitLine.Waiter<String, String> first = line.join(null, "b");
        assertTrue(dispatch("a"));
        assertEquals("a", first.granted);
        line.leave(first);
        // Tenant A waits for worker "a", which B holds; B must not take the last free worker meanwhile.
        WaitLine.Waiter<String, String> tenantA = line.join("a", "a");
        WaitLine.Waiter<String, String> moreOfB = line.join(null, "b");
        assertFalse(dispatch("b"), "B holds its share of two workers while A waits");
        assertNull(moreOfB.granted);
        assertTrue(dispatch("a", "b"), "once B gives worker a back, both go on");
        assertEquals("a", tenantA.granted);
        assertEquals("b", moreOfB.granted);
    }

    @Test
    void aTenantAloneMayTakeEveryWorker() {
        WaitLine.Waiter<String, String> one = line.join(null, "b");
        WaitLine.Waiter<String, String> two = line.join(null, "b");
        assertTrue(dispatch("a", "b"));
        assertEquals(Set.of("a", "b"), Set.of(one.granted, two.granted));
    }

    @Test
    void aWorkerThatDiedNoLongerCountsAsHeld() {
        WaitLine.Waiter<String, String> first = line.join(null, "b");
        assertTrue(dispatch("a"));
        line.leave(first);
        WaitLine.Waiter<String, String> tenantA = line.join("x", "a");
        WaitLine.Waiter<String, String> moreOfB = line.join(null, "b");
        List<String> idle = new ArrayList<>(List.of("b"));
        assertTrue(line.dispatch(idle, Integer.MAX_VALUE, Set.of("b", "x")::contains, w -> 0L),
                "worker a is gone: B holds nothing, so it may take b");
        assertEquals("b", moreOfB.granted);
        assertNull(tenantA.granted);
    }

    @Test
    void belowTheirSharesTheTenantHoldingFewerGoesFirst() {
        WaitLine<String, String> four = new WaitLine<>(4, worker -> worker);
        WaitLine.Waiter<String, String> first = four.join(null, "b");
        assertTrue(four.dispatch(new ArrayList<>(List.of("a")), Integer.MAX_VALUE, w -> true, w -> 0L));
        assertEquals("a", first.granted);
        WaitLine.Waiter<String, String> moreOfB = four.join(null, "b");
        WaitLine.Waiter<String, String> tenantA = four.join(null, "a");
        assertTrue(four.dispatch(new ArrayList<>(List.of("b")), Integer.MAX_VALUE, w -> true, w -> 0L));
        assertEquals("b", tenantA.granted, "B holds one of its two, A none: A goes first though it came later");
        assertNull(moreOfB.granted);
    }

}
