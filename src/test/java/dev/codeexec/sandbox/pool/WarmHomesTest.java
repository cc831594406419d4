package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.codeexec.sandbox.SessionKey;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarmHomesTest {

    private final WarmHomes<String> homes = new WarmHomes<>();
    private final SessionKey ann = SessionKey.warm("ann");
    private final SessionKey bob = SessionKey.warm("bob");

    @Test
    void aCallersHomeIsTheWorkerItLastRanOn() {
        homes.ranOn(ann, "w1", 10);
        homes.ranOn(ann, "w2", 20);
        assertEquals("w2", homes.of(ann));
        assertNull(homes.of(bob));
    }

    /** Eviction compares clock readings by difference, so it holds across System.nanoTime's wrap. */
    @Test
    void homesUnusedSinceTheCutoffAreEvictedAndNamed() {
        homes.ranOn(ann, "w1", Long.MAX_VALUE - 5);
        homes.ranOn(bob, "w2", Long.MIN_VALUE + 5);
        List<String> evicted = new ArrayList<>();
        assertEquals(1, homes.evictUnusedSince(Long.MAX_VALUE, (worker, key) -> evicted.add(worker + " " + key.name())));
        assertEquals(List.of("w1 " + ann.name()), evicted);
        assertNull(homes.of(ann));
        assertEquals("w2", homes.of(bob));
    }

    @Test
    void forgettingAHomeOnAnotherWorkerKeepsTheNewOne() {
        homes.ranOn(ann, "w2", 1);
        homes.forget(ann, "w1");
        assertEquals("w2", homes.of(ann));
        homes.forget(ann, "w2");
        assertNull(homes.of(ann));
    }

    @Test
    void aWorkerThatLeavesTakesItsHomesWithIt() {
        homes.ranOn(ann, "w1", 1);
        homes.ranOn(bob, "w1", 1);
        assertEquals(2, homes.on("w1"));
        homes.leave("w1");
        assertEquals(0, homes.on("w1"));
        assertNull(homes.of(bob));
    }
}
