package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A tenant's background runs leave a slot for other tenants; the cap is per tenant and given back on close. */
class BackgroundSlotsTest {

    @Test
    void aTenantsBackgroundRunsLeaveOneSlotByDefault() {
        BackgroundSlots slots = BackgroundSlots.forSlots(2, OptionalInt.empty());
        assertEquals(1, slots.perTenant());
        TenantCounts.Place first = slots.await("b", RunHooks.none(), Duration.ZERO);
        SandboxBusyException refused = assertThrows(SandboxBusyException.class,
                () -> slots.await("b", RunHooks.none(), Duration.ZERO));
        assertTrue(refused.getMessage().contains("1 background runs going, the limit "
                + "(sandbox.fair-share.background-slots=1)"), refused.getMessage());
        slots.await("a", RunHooks.none(), Duration.ZERO).close();
        first.close();
        first.close(); // closing twice gives back one place, not two
        slots.await("b", RunHooks.none(), Duration.ZERO);
        assertThrows(SandboxBusyException.class, () -> slots.await("b", RunHooks.none(), Duration.ZERO));
    }

    @Test
    void aCancelledRunGoesOnAtOnceToEndAsCancelled() {
        BackgroundSlots slots = BackgroundSlots.forSlots(1, OptionalInt.empty());
        slots.await("b", RunHooks.none(), Duration.ZERO);
        RunHooks cancelled = RunHooks.none();
        cancelled.cancel();
        slots.await("b", cancelled, Duration.ofDays(1)).close();
    }

    @Test
    void theCapIsBetweenOneAndTheSlots() {
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                () -> BackgroundSlots.forSlots(2, OptionalInt.of(3)));
        assertTrue(tooMany.getMessage().contains("sandbox.fair-share.background-slots must be between 1 and "
                + "sandbox.max-concurrent (2), got 3"), tooMany.getMessage());
        assertThrows(IllegalArgumentException.class, () -> BackgroundSlots.forSlots(2, OptionalInt.of(0)));
        assertEquals(2, BackgroundSlots.forSlots(2, OptionalInt.of(2)).perTenant());
    }
}
