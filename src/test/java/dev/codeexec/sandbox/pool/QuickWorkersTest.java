package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a quick worker's successor is due, with strings for workers and lanes: no process is started. */
class QuickWorkersTest {

    private static final Path A = Path.of("/tenants/a");
    private static final long QUIET = QuickWorkers.QUIET.toNanos();
    private static final long AT_LATEST = QuickWorkers.AT_LATEST.toNanos();

    private final WorkerLanes<String, String> lanes = new WorkerLanes<>(lane -> lane.split(":")[0]);
    private final QuickWorkers<String> quick = new QuickWorkers<>(lanes);

    /** Not before its first run ended, however long it has been idle; then once it has been quiet long enough. */
    @Test
    void aSuccessorIsDueOnceTheFirstRunEndedAndTheWorkerFellQuiet() {
        lanes.join("q", A, List.of("q:0", "q:1"), 0);
        quick.add("q");
        assertEquals("q", quick.of(A));
        assertEquals(List.of(), quick.successorDue(AT_LATEST * 2));
        lanes.take("q:0");
        lanes.runEnded("q");
        lanes.free("q:0", false, 1_000);
        quick.runEnded("q", 1_000);
        assertEquals(List.of(), quick.successorDue(1_000 + QUIET - 1));
        assertEquals(List.of("q"), quick.successorDue(1_000 + QUIET));
        quick.runEnded("q", 5_000);
        assertEquals(List.of("q"), quick.successorDue(1_000 + QUIET), "only the first run's end starts the clock");
    }

    /** A quick worker that stays busy gets its successor at the latest; one gone or superseded gets none. */
    @Test
    void aBusyQuickWorkersSuccessorIsDueAtTheLatest() {
        lanes.join("q", A, List.of("q:0", "q:1"), 0);
        quick.add("q");
        lanes.take("q:0");
        lanes.runEnded("q");
        lanes.free("q:0", false, 1_000);
        quick.runEnded("q", 1_000);
        lanes.take("q:0");
        assertEquals(List.of(), quick.successorDue(1_000 + AT_LATEST - 1));
        assertEquals(List.of("q"), quick.successorDue(1_000 + AT_LATEST));
        lanes.remove("q");
        assertEquals(List.of(), quick.successorDue(1_000 + AT_LATEST), "a worker gone needs no successor");
        quick.remove("q");
        assertNull(quick.of(A));
    }
}
