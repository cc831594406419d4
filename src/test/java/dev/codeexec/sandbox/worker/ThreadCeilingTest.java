package dev.codeexec.sandbox.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The thread bound's looks, without a JVM of its own (the bound over MCP: HardIsolationTest). */
class ThreadCeilingTest {

    @Test
    void looksOftenWhileRunsGoOrTheCountGrowsAndSeldomWhenIdleAndStill() {
        AtomicInteger live = new AtomicInteger(40);
        AtomicBoolean running = new AtomicBoolean(false);
        ThreadCeiling ceiling = new ThreadCeiling(100, live::get, running::get);
        assertEquals(ThreadCeiling.BUSY_PERIOD_MILLIS, ceiling.look(), "the first count is growth from none");
        assertEquals(ThreadCeiling.IDLE_PERIOD_MILLIS, ceiling.look(), "idle and still");
        running.set(true);
        assertEquals(ThreadCeiling.BUSY_PERIOD_MILLIS, ceiling.look(), "a run goes");
        running.set(false);
        live.set(60);
        assertEquals(ThreadCeiling.BUSY_PERIOD_MILLIS, ceiling.look(), "threads a stopped run left are still starting");
        assertEquals(ThreadCeiling.IDLE_PERIOD_MILLIS, ceiling.look());
    }

    /** Past the bound the worker stops, idle or not (mutation-checked: without the comparison the look answers a period). */
    @Test
    void pastTheBoundTheWorkerStops() {
        AtomicInteger live = new AtomicInteger(40);
        ThreadCeiling ceiling = new ThreadCeiling(100, live::get, () -> false);
        ceiling.look();
        live.set(100);
        assertEquals(ThreadCeiling.BUSY_PERIOD_MILLIS, ceiling.look(), "at the bound, not past it");
        live.set(101);
        assertEquals(-1, ceiling.look());
    }
}
