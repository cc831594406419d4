package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Each tenant's cap on running slots: one stays for the others when several tenants are served. */
class SlotSharesTest {

    @Test
    void severalTenantsLeaveOneSlotAndASingleTenantKeepsEvery() {
        assertEquals(1, SlotShares.of(2, OptionalInt.empty(), 2).perTenant());
        assertEquals(3, SlotShares.of(4, OptionalInt.empty(), 5).perTenant());
        assertEquals(2, SlotShares.of(2, OptionalInt.empty(), 1).perTenant());
        assertEquals(1, SlotShares.of(1, OptionalInt.empty(), 3).perTenant(), "one slot is held by whoever runs");
        assertEquals(4, SlotShares.of(4, OptionalInt.of(4), 3).perTenant(), "the setting decides");
    }

    @Test
    void aTenantGetsNoMoreThanItsCapNorItsShareWhileOthersWait() {
        SlotShares shares = SlotShares.of(4, OptionalInt.empty(), 3);
        assertEquals(3, shares.room(4, 0, false, 1));
        assertEquals(0, shares.room(1, 3, false, 1), "at its cap");
        assertEquals(2, shares.room(4, 0, true, 2), "half the slots while one other tenant waits");
        assertEquals(0, shares.room(2, 2, true, 2));
    }

    @Test
    void aCapOutsideOneToTheSlotsIsRefusedNamingTheSetting() {
        IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                () -> SlotShares.of(2, OptionalInt.of(3), 2));
        assertEquals("sandbox.fair-share.tenant-slots must be between 1 and sandbox.max-concurrent (2), got 3",
                tooMany.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SlotShares.of(2, OptionalInt.of(0), 2));
    }
}
