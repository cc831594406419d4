package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The tenants' lines and the handing out of lanes, with strings for workers and lanes: no process is started. */
class TenantLinesTest {

    private static final Path A = Path.of("/tenants/a");
    private static final Path B = Path.of("/tenants/b");

    private final WorkerLanes<String, String> lanes = new WorkerLanes<>(lane -> lane.split(":")[0]);
    /** Two running slots, two tenants served: each tenant's runs hold one slot at most. */
    private final TenantLines<String, String> lines = new TenantLines<>(2, SlotShares.of(2, OptionalInt.empty(), 2),
            lanes);

    /** A's second run waits for its first although A's other lane is free: the second slot stays for B. */
    @Test
    void aTenantAtItsCapWaitsAndTheOtherTenantsRunTakesTheSlot() {
        lanes.join("a1", A, List.of("a1:0", "a1:1"), 0);
        lanes.join("b1", B, List.of("b1:0"), 0);
        WaitLine.Waiter<String, String> first = lines.join(A, null);
        WaitLine.Waiter<String, String> second = lines.join(A, null);
        assertTrue(lines.dispatch(worker -> 0));
        assertEquals("a1:0", first.granted);
        assertNull(second.granted);
        assertTrue(lines.atCap(A));
        WaitLine.Waiter<String, String> forB = lines.join(B, null);
        assertTrue(lines.dispatch(worker -> 0));
        assertEquals("b1:0", forB.granted);
        assertNull(second.granted, "A's second run went past its cap");
        assertTrue(lines.slotsFull());
        assertEquals(1, lines.ungranted());
        assertEquals(3, lines.waiting(), "a run handed a lane stays in its line until it leaves");
    }

    /** Another tenant may have a worker of A's only while no run of A's waits for one, or A holds its share. */
    @Test
    void aWorkerGoesToAnotherTenantOnlyWhenNoRunOfItsOwnWaits() {
        lanes.join("a1", A, List.of("a1:0"), 0);
        assertTrue(lines.mayGiveUpAWorker(A));
        WaitLine.Waiter<String, String> pinned = lines.join(A, "a1");
        assertTrue(lines.mayGiveUpAWorker(A), "a session's run waits for its own worker, not for any");
        WaitLine.Waiter<String, String> any = lines.join(A, null);
        assertFalse(lines.mayGiveUpAWorker(A));
        lines.leave(A, any);
        lines.leave(A, pinned);
        assertTrue(lines.mayGiveUpAWorker(A));
        assertEquals(0, lines.waiting());
    }
}
