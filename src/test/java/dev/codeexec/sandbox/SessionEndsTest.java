package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.codeexec.tenant.HandleTable;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class SessionEndsTest {

    private final SessionHolds holds = new SessionHolds();
    /** Each last run: handle, why, timeout in seconds. */
    private final List<String> ended = new CopyOnWriteArrayList<>();

    private SessionEnds ends(Admission admission) {
        return new SessionEnds(admission, holds, (session, ticket, timeout, why) -> {
            try (Admission.Slot slot = ticket.await(Duration.ZERO)) {
                ended.add(session.handle() + " " + why + " " + timeout.toSeconds());
            }
        });
    }

    private static HandleTable.Forgotten<String> session(String handle) {
        return new HandleTable.Forgotten<>("alpha", handle, "alpha:caller");
    }

    @Test
    void anExpiredSessionWaitsForAFreeSlotAndForTheRunHoldingIt() {
        Admission admission = new Admission(1, 0);
        SessionEnds ends = ends(admission);
        ends.expired(session("h1"));
        ends.expired(session("h2"));
        SessionKey second = SessionKey.of("alpha", "h2");
        SessionHolds.Holder background = SessionHolds.Holder.background("run-1");
        holds.takeNow(second, background);
        Admission.Slot busy = admission.enter().await(Duration.ZERO);
        ends.endExpired();
        assertEquals(List.of(), ended, "the only slot is taken and the queue holds none");
        busy.close();
        ends.endExpired();
        assertEquals(List.of("h1 expired 30"), ended, "h2's background run still holds it");
        holds.release(second, background);
        ends.endExpired();
        ends.endExpired();
        assertEquals(List.of("h1 expired 30", "h2 expired 30"), ended);
        assertEquals(0, admission.running());
    }

    @Test
    void atShutdownEveryOpenSessionAndEveryExpiredOneNotYetEndedGetsItsLastRun() {
        SessionEnds ends = ends(new Admission(4, 0));
        ends.expired(session("pending"));
        ends.close();
        assertEquals(2, ends.endAll(List.of(session("open")), Duration.ofSeconds(5)));
        assertEquals(Set.of("pending shutdown 5", "open shutdown 5"), Set.copyOf(ended));
    }

    @Test
    void atShutdownASessionTheFullQueueRefusesIsNotCountedAsEnded() {
        Admission admission = new Admission(1, 0);
        SessionEnds ends = ends(admission);
        Admission.Slot busy = admission.enter().await(Duration.ZERO);
        ends.close();
        assertEquals(0, ends.endAll(List.of(session("open")), Duration.ofSeconds(5)));
        busy.close();
        assertEquals(List.of(), ended);
    }
}
