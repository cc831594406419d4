package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The live workers' lanes, with strings for workers and "worker:index" for lanes: no process is started. */
class WorkerLanesTest {

    private static final Path A = Path.of("/tenants/a");
    private static final Path B = Path.of("/tenants/b");

    private final WorkerLanes<String, String> lanes = new WorkerLanes<>(lane -> lane.split(":")[0]);

    @Test
    void aWorkerIsIdleOnlyWithEveryLaneFree() {
        lanes.join("w1", A, List.of("w1:0", "w1:1"), 1);
        lanes.join("w2", A, List.of("w2:0"), 2);
        lanes.take("w1:0");
        assertEquals(List.of("w2"), lanes.idleWorkers().toList());
        assertEquals(1, lanes.busy(A));
        assertEquals(0, lanes.busy(B));
        assertEquals(List.of("w1:1", "w2:0"), lanes.idleLanesOf(A));
        assertEquals(0, lanes.runEnded("w1"), "its only run ended");
        lanes.free("w1:0", false, 3);
        assertEquals(List.of("w1", "w2"), lanes.idleWorkers().toList(), "the one free longest first");
        assertEquals(3, lanes.idleSince("w1", 0));
    }

    /** A lane taken only to pin a session goes back to the front; one after a run, to the back. */
    @Test
    void aLaneFreedFirstGoesToTheFrontOfTheLine() {
        lanes.join("w1", A, List.of("w1:0"), 1);
        lanes.join("w2", A, List.of("w2:0"), 1);
        lanes.take("w2:0");
        lanes.runEnded("w2");
        lanes.free("w2:0", true, 2);
        assertEquals(List.of("w2:0", "w1:0"), lanes.idleLanesOf(A));
        lanes.take("w2:0");
        lanes.runEnded("w2");
        lanes.free("w2:0", false, 3);
        assertEquals(List.of("w1:0", "w2:0"), lanes.idleLanesOf(A));
    }

    /** A worker going gives no run its free lanes, and once removed it is no tenant's. */
    @Test
    void aWithheldWorkersLanesAreNotFreeAndARemovedOneIsGone() {
        lanes.join("w1", A, List.of("w1:0", "w1:1"), 1);
        lanes.join("w2", B, List.of("w2:0"), 1);
        lanes.take("w1:0");
        lanes.withhold("w1");
        assertEquals(List.of(), lanes.idleLanesOf(A));
        assertEquals(1, lanes.runsOn("w1"), "its run still holds its lane");
        assertEquals(List.of("w2"), lanes.workersOf(B));
        assertTrue(lanes.remove("w1"));
        assertFalse(lanes.remove("w1"), "removed twice");
        assertNull(lanes.tenantOf("w1"));
        assertFalse(lanes.serves(A));
        assertEquals(1, lanes.size());
        assertEquals(0, lanes.busyLanes());
    }
}
