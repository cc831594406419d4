package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class FairShareTest {

    @Test
    void oneCallerCannotTakeEveryShare() {
        FairShare share = new FairShare(4, 2);
        FairShare.Ticket a1 = share.enter("acme/a");
        share.enter("acme/a");
        SandboxBusyException refused = assertThrows(SandboxBusyException.class, () -> share.enter("acme/a"));
        assertTrue(refused.getMessage().contains("sandbox busy for this caller: it has 2 executions running or queued, "
                + "the limit (sandbox.fair-share.caller-max=2)"), refused.getMessage());
        share.enter("acme/b");
        a1.close();
        a1.close(); // closing twice gives back one share, not two
        share.enter("acme/a");
        assertThrows(SandboxBusyException.class, () -> share.enter("acme/a"));
    }

    @Test
    void oneTenantCannotCrowdOutAnother() {
        FairShare share = new FairShare(3, 3);
        List<FairShare.Ticket> held = new ArrayList<>();
        held.add(share.enter("acme/a"));
        held.add(share.enter("acme/b"));
        held.add(share.enter("acme/c"));
        SandboxBusyException refused = assertThrows(SandboxBusyException.class, () -> share.enter("acme/d"));
        assertTrue(refused.getMessage().contains("sandbox.fair-share.tenant-max=3"), refused.getMessage());
        share.enter("globex/a").close();
        held.forEach(FairShare.Ticket::close);
        share.enter("acme/d");
    }

    @Test
    void defaultsLeaveRoomForOthers() {
        FairShare share = FairShare.forCapacity(34, OptionalInt.empty(), OptionalInt.empty());
        int taken = 0;
        try {
            while (taken < 100) {
                share.enter("local/greedy");
                taken++;
            }
        } catch (SandboxBusyException e) {
            // expected once the caller's half is used up
        }
        assertEquals(17, taken);
        share.enter("local/other");
    }
}
