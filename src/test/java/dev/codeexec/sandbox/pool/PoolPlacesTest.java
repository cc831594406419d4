package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** How many workers the pool may hold. */
class PoolPlacesTest {

    /**
     * By default, a worker for each tenant or slot and a spare, as many as three quarters of the memory hold, and
     * never fewer than the slots and the spare; sandbox.max-workers overrides both.
     */
    @Test
    void thePoolsPlacesComeFromTheTenantsBoundedByMemory() {
        long gib = 1L << 30;
        assertEquals(new PoolPlaces(6, false), PoolPlaces.of(OptionalInt.empty(), 2, 5, 512, 64 * gib));
        assertEquals(new PoolPlaces(3, false), PoolPlaces.of(OptionalInt.empty(), 2, 1, 512, 64 * gib));
        // 4 GiB: 3 GiB for workers of 768 MiB each holds 4, not the 6 that five tenants would want.
        assertEquals(new PoolPlaces(4, true), PoolPlaces.of(OptionalInt.empty(), 2, 5, 512, 4 * gib));
        assertEquals(new PoolPlaces(3, true), PoolPlaces.of(OptionalInt.empty(), 2, 5, 512, gib), "never below the slots and a spare");
        assertEquals(new PoolPlaces(9, false), PoolPlaces.of(OptionalInt.of(9), 2, 5, 512, gib), "sandbox.max-workers decides");
    }
}
