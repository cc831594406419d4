package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.SessionKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A worker's warm interpreters: each tenant's idle ones, taken one run at a time and given back after it. */
class WarmPoolTest {

    static final SessionKey ALPHA = SessionKey.warm("alpha");
    static final SessionKey BETA = SessionKey.warm("beta");

    final List<String> released = new ArrayList<>();
    final WarmPool<String> pool = new WarmPool<>(Duration.ofMinutes(10), released::add);

    @Test
    void runsSideBySideEachKeepTheirsAndTheLastUsedIsTakenFirst() {
        assertNull(pool.take(ALPHA), "nothing idle yet: the run brings a spare");
        WarmPool.Held<String> one = pool.adopt(ALPHA, "one");
        WarmPool.Held<String> two = pool.adopt(ALPHA, "two");
        assertTrue(pool.giveBack(one));
        assertTrue(pool.giveBack(two));
        assertEquals(2, pool.size());
        assertSame(two, pool.take(ALPHA), "the one used last, whose imports are freshest");
        assertSame(one, pool.take(ALPHA));
        assertNull(pool.take(ALPHA), "both in runs");
        assertEquals(List.of(), released);
    }

    @Test
    void anotherTenantNeverTakesThem() {
        pool.giveBack(pool.adopt(ALPHA, "alpha's"));
        assertNull(pool.take(BETA));
        assertEquals("alpha's", pool.take(ALPHA).interpreter());
    }

    @Test
    void trimmingReleasesTheIdleUnusedLongestAndNeverOneInARun() {
        WarmPool.Held<String> old = pool.adopt(ALPHA, "old");
        WarmPool.Held<String> busy = pool.adopt(ALPHA, "busy");
        pool.giveBack(old);
        pool.giveBack(pool.adopt(BETA, "recent"));
        assertEquals(1, pool.trimTo(2));
        assertEquals(List.of("old"), released);
        assertEquals(1, pool.trimTo(0));
        assertEquals(1, pool.size(), "the one in a run stays");
        assertEquals(List.of("old", "recent"), released);
        assertTrue(pool.giveBack(busy));
    }

    @Test
    void droppingAllReleasesTheIdleNowAndThoseInARunWhenGivenBack() {
        WarmPool.Held<String> running = pool.adopt(ALPHA, "running");
        pool.giveBack(pool.adopt(ALPHA, "idle"));
        pool.giveBack(pool.adopt(BETA, "beta's"));
        pool.dropAll();
        assertEquals(java.util.Set.of("idle", "beta's"), java.util.Set.copyOf(released));
        assertFalse(pool.giveBack(running), "dropped while in its run");
        assertEquals(3, released.size());
        assertNull(pool.take(ALPHA));
        assertEquals(0, pool.size());
    }

    @Test
    void aDiscardedOneIsForgottenButReleasedByItsRun() {
        WarmPool.Held<String> recycled = pool.adopt(ALPHA, "recycled");
        pool.discard(recycled);
        assertEquals(0, pool.size());
        assertEquals(List.of(), released, "the run closes what it recycles");
    }

    @Test
    void onlyThoseIdlePastTheTtlExpire() {
        WarmPool<String> quick = new WarmPool<>(Duration.ZERO, released::add);
        WarmPool.Held<String> running = quick.adopt(ALPHA, "running");
        quick.giveBack(quick.adopt(ALPHA, "idle"));
        assertEquals(1, quick.evictIdle());
        assertEquals(List.of("idle"), released);
        assertTrue(quick.giveBack(running));
        assertEquals(1, quick.size());
    }
}
