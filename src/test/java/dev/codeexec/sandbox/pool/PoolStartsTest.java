package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which workers the pool starts, with the starts recorded instead of run: no process is started. */
class PoolStartsTest {

    private static final Path A = Path.of("/tenants/a");
    private static final Path B = Path.of("/tenants/b");

    private record Asked(Path tenant, WorkerStart how) {
    }

    private final WorkerLanes<String, String> lanes = new WorkerLanes<>(lane -> lane.split(":")[0]);
    private final List<Asked> asked = new ArrayList<>();
    private int poolFull;

    private PoolStarts starts(int capacity, List<Path> initial) {
        return new PoolStarts(lanes, capacity, true, initial, (tenant, how) -> asked.add(new Asked(tenant, how)),
                () -> poolFull++);
    }

    /** A tenant's first worker starts quick, and a second one asked for while the first starts does not. */
    @Test
    void aTenantsFirstWorkerStartsQuickAndNoOtherDoes() {
        PoolStarts starts = starts(4, List.of(A));
        starts.startInitialPool();
        starts.startFirst(A);
        starts.start(B);
        assertEquals(List.of(new Asked(A, WorkerStart.QUICK), new Asked(A, WorkerStart.SERVE_FIRST),
                new Asked(B, WorkerStart.SERVE_FIRST)), asked);
        assertEquals(3, starts.total());
        starts.joined(A);
        starts.abandoned(B);
        assertEquals(1, starts.total());
    }

    /**
     * The initial pool's next worker is held back while its first serves the only run, starts when asked again, and
     * the pool is full once none is left.
     */
    @Test
    void theInitialPoolsNextWaitsWhileTheFirstServesTheOnlyRun() {
        PoolStarts starts = starts(4, List.of(A, B));
        starts.startInitialPool();
        lanes.join("a1", A, List.of("a1:0"), 0);
        starts.joined(A);
        lanes.take("a1:0");
        starts.continueInitialPool(true, false);
        assertTrue(starts.initialHeld());
        assertEquals(1, starts.queued());
        starts.continueInitialPool(false, false);
        assertFalse(starts.initialHeld());
        assertEquals(new Asked(B, WorkerStart.QUICK), asked.getLast());
        starts.continueInitialPool(true, false);
        assertEquals(1, poolFull);
    }

    /** A tenant whose start keeps failing does not count as waiting for its first worker, nor holds others back. */
    @Test
    void aFailingStartIsNoFirstWorkerPending() {
        PoolStarts starts = starts(4, List.of(A, B));
        starts.startInitialPool();
        assertTrue(starts.firstWorkersPending());
        starts.failed(A, "worker 1 closed its channel", Duration.ofMillis(500));
        assertEquals("sandbox workers cannot start (worker 1 closed its channel); the server tries again in 1 s, and "
                + "its log says why", starts.failure(A));
        assertFalse(starts.firstWorkersPending());
    }

    /** A tenant's runs take its place in the initial pool; a closed pool starts nothing. */
    @Test
    void aStartForRunsTakesTheTenantsInitialPlace() {
        PoolStarts starts = starts(2, List.of(A, B));
        starts.startInitialPool();
        starts.startForRuns(B);
        assertEquals(0, starts.queued());
        assertTrue(starts.full());
        assertFalse(starts.startSuccessors(List.of(A)), "no place for a successor");
        starts.close();
        starts.start(A);
        assertEquals(2, asked.size());
    }
}
