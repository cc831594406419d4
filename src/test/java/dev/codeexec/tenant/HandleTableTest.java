package dev.codeexec.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import dev.codeexec.replica.ReplicaIdentity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HandleTableTest {

    private final AtomicLong now = new AtomicLong();
    private final ReplicaIdentity replica = new ReplicaIdentity(Optional.of("web-1"));
    private final List<HandleTable.Forgotten<String>> expired = new ArrayList<>();
    /** The handles a run holds now. */
    private final java.util.Set<String> inUse = new java.util.HashSet<>();

    private HandleTable<String> table(int max, HandleTable.Full full) {
        return new HandleTable<>("session", "session", "open another", Duration.ofMinutes(30),
                new HandleTable.Limit(max, "sandbox.sessions.max-per-tenant", full, "end one"), replica, expired::add,
                (tenant, handle, value) -> inUse.contains(handle), now::get);
    }

    /** A handle in use does not expire, however long the use; its TTL counts from the use's end. */
    @Test
    void aHandleInUseDoesNotExpireAndIsIdleOnlyFromTheUsesEnd() {
        HandleTable<String> t = table(10, HandleTable.Full.REFUSE);
        String held = t.mint("alpha", "held");
        inUse.add(held);
        now.addAndGet(Duration.ofMinutes(50).toNanos());
        assertEquals(0, t.sweep());
        assertEquals(1, t.live("alpha").size());
        inUse.remove(held);
        t.touch("alpha", held);
        now.addAndGet(Duration.ofMinutes(29).toNanos());
        assertEquals(0, t.sweep());
        assertEquals("held", t.require("alpha", held));
        assertEquals(true, t.standsFor("alpha", "held"));
        assertEquals(false, t.standsFor("beta", "held"));
        t.touch("beta", held);
        now.addAndGet(Duration.ofMinutes(31).toNanos());
        assertEquals(1, t.sweep(), "another tenant's touch renewed the handle");
        assertEquals(false, t.standsFor("alpha", "held"));
        assertEquals(List.of(new HandleTable.Forgotten<>("alpha", held, "held")), expired);
    }

    @Test
    void aHandleIsThisReplicasIdAnd128RandomBits() {
        HandleTable<String> t = table(10, HandleTable.Full.REFUSE);
        String a = t.mint("alpha", "x");
        String b = t.mint("alpha", "x");
        assertTrue(a.matches(java.util.regex.Pattern.quote(replica.id()) + "\\.[0-9a-f]{32}"), a);
        assertNotEquals(a, b);
        assertEquals("x", t.require("alpha", a));
    }

    @Test
    void anotherTenantsHandleIsRefusedExactlyAsAnUnknownOne() {
        HandleTable<String> t = table(10, HandleTable.Full.REFUSE);
        String handle = t.mint("alpha", "x");
        InvalidInputException theirs = assertThrows(InvalidInputException.class, () -> t.require("beta", handle));
        String unknown = handle.substring(0, handle.lastIndexOf('.') + 1) + "0".repeat(32);
        InvalidInputException none = assertThrows(InvalidInputException.class, () -> t.require("beta", unknown));
        assertEquals(none.getMessage(), theirs.getMessage());
        assertEquals("session", theirs.field());
        assertTrue(theirs.getMessage().startsWith("session: no such session for this tenant"), theirs.getMessage());
        assertTrue(!t.remove("beta", handle) && t.require("alpha", handle).equals("x"));
    }

    @Test
    void anIdleHandleExpiresAndAUsedOneDoesNot() {
        HandleTable<String> t = table(10, HandleTable.Full.REFUSE);
        String idle = t.mint("alpha", "idle");
        String used = t.mint("alpha", "used");
        now.addAndGet(Duration.ofMinutes(20).toNanos());
        t.require("alpha", used);
        now.addAndGet(Duration.ofMinutes(20).toNanos());
        assertEquals("used", t.require("alpha", used));
        assertThrows(InvalidInputException.class, () -> t.require("alpha", idle));
        assertEquals(List.of(new HandleTable.Forgotten<>("alpha", idle, "idle")), expired);
    }

    @Test
    void everyExpiredHandleIsReportedOnceWhicheverCallForgetsIt() {
        HandleTable<String> t = table(10, HandleTable.Full.REFUSE);
        String required = t.mint("alpha", "required");
        String swept = t.mint("beta", "swept");
        now.addAndGet(Duration.ofMinutes(31).toNanos());
        assertThrows(InvalidInputException.class, () -> t.require("alpha", required));
        assertEquals(List.of(new HandleTable.Forgotten<>("alpha", required, "required")), expired);
        assertEquals(1, t.sweep());
        assertEquals(0, t.sweep());
        assertThrows(InvalidInputException.class, () -> t.require("alpha", required));
        String minted = t.mint("alpha", "minted");
        now.addAndGet(Duration.ofMinutes(31).toNanos());
        t.mint("alpha", "next");
        assertEquals(List.of(new HandleTable.Forgotten<>("alpha", required, "required"),
                new HandleTable.Forgotten<>("beta", swept, "swept"), new HandleTable.Forgotten<>("alpha", minted, "minted")),
                expired);
    }

    @Test
    void forgettingAllHandsBackEveryHandleExpiredOrNotAndReportsNone() {
        HandleTable<String> t = table(10, HandleTable.Full.REFUSE);
        String old = t.mint("alpha", "old");
        now.addAndGet(Duration.ofMinutes(31).toNanos());
        String fresh = t.mint("beta", "fresh");
        expired.clear();
        assertEquals(java.util.Set.of(new HandleTable.Forgotten<>("beta", fresh, "fresh")),
                java.util.Set.copyOf(t.forgetAll()));
        assertEquals(0, t.size());
        assertEquals(List.of(), expired);
        assertThrows(InvalidInputException.class, () -> t.require("beta", fresh));
        String again = t.mint("alpha", "again");
        now.addAndGet(Duration.ofMinutes(31).toNanos());
        assertEquals(List.of(new HandleTable.Forgotten<>("alpha", again, "again")), t.forgetAll());
        assertEquals(List.of(), expired, old + " was reported when the mint swept it, and nothing since");
    }

    @Test
    void aHandleOfAnotherReplicaNamesIt() {
        HandleTable<String> t = table(10, HandleTable.Full.REFUSE);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> t.require("alpha", "web-2-0a0b0c." + "1".repeat(32)));
        assertTrue(e.getMessage().startsWith("session: was issued by server web-2-0a0b0c, not this one"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("gone if it stopped; open another"), e.getMessage());
        // A value no server issues is said to be no handle, not one that expired.
        InvalidInputException odd = assertThrows(InvalidInputException.class, () -> t.require("alpha", "../etc"));
        assertTrue(odd.getMessage().startsWith("session: \"../etc\" is not a session handle: pass one this server "
                + "returned"), odd.getMessage());
        assertEquals(InvalidInputException.Kind.NOT_FOUND, odd.kind());
    }

    /** A caller that lost a handle finds it among its tenant's live ones; never another tenant's or an expired one. */
    @Test
    void liveHandlesAreTheTenantsOwnMostRecentlyUsedFirst() {
        HandleTable<String> t = table(10, HandleTable.Full.REFUSE);
        String old = t.mint("alpha", "old");
        now.addAndGet(Duration.ofMinutes(20).toNanos());
        String held = t.mint("alpha", "held");
        inUse.add(held);
        now.addAndGet(Duration.ofMinutes(5).toNanos());
        String recent = t.mint("alpha", "recent");
        t.mint("beta", "theirs");
        now.addAndGet(Duration.ofMinutes(1).toNanos());
        assertEquals(List.of(new HandleTable.Live<>(recent, "recent", Duration.ofMinutes(1), false),
                new HandleTable.Live<>(held, "held", Duration.ofMinutes(6), true),
                new HandleTable.Live<>(old, "old", Duration.ofMinutes(26), false)), t.live("alpha"));
        now.addAndGet(Duration.ofMinutes(5).toNanos());
        assertEquals(List.of(recent, held), t.live("alpha").stream().map(HandleTable.Live::handle).toList(),
                "the handle idle past the TTL is gone");
    }

    @Test
    void aFullTenantIsRefusedOrLosesItsOldestWithoutTouchingOthers() {
        HandleTable<String> refusing = table(2, HandleTable.Full.REFUSE);
        refusing.mint("alpha", "1");
        refusing.mint("alpha", "2");
        refusing.mint("beta", "1");
        assertEquals("session: this tenant already holds 2 sessions, the limit (sandbox.sessions.max-per-tenant); "
                + "end one or let it expire after 30 idle minutes",
                assertThrows(InvalidInputException.class, () -> refusing.mint("alpha", "3")).getMessage());
        HandleTable<String> forgetting = table(2, HandleTable.Full.FORGET_OLDEST);
        String oldest = forgetting.mint("alpha", "1");
        now.incrementAndGet();
        String kept = forgetting.mint("alpha", "2");
        String theirs = forgetting.mint("beta", "1");
        forgetting.mint("alpha", "3");
        InvalidInputException dropped = assertThrows(InvalidInputException.class,
                () -> forgetting.require("alpha", oldest));
        assertEquals("session: was dropped to make room: this tenant opened more than 2 sessions "
                + "(sandbox.sessions.max-per-tenant), and this was its least recently used; open another",
                dropped.getMessage());
        assertEquals(InvalidInputException.Kind.GONE, dropped.kind());
        // To another tenant it is unknown, as every handle not its own.
        assertEquals(InvalidInputException.Kind.NOT_FOUND,
                assertThrows(InvalidInputException.class, () -> forgetting.require("beta", oldest)).kind());
        assertEquals("2", forgetting.require("alpha", kept));
        assertEquals("1", forgetting.require("beta", theirs));
        // One in use is forgotten last, however old: "2" is now the oldest, but in use.
        now.incrementAndGet();
        String third = forgetting.handleOf("alpha", "3");
        inUse.add(kept);
        forgetting.mint("alpha", "4");
        assertThrows(InvalidInputException.class, () -> forgetting.require("alpha", third));
        assertEquals("2", forgetting.require("alpha", kept));
    }

    @Test
    void handleOfMintsOncePerValue() {
        HandleTable<String> t = table(10, HandleTable.Full.FORGET_OLDEST);
        String a = t.handleOf("alpha", "alpha/conn-1");
        assertEquals(a, t.handleOf("alpha", "alpha/conn-1"));
        assertNotEquals(a, t.handleOf("alpha", "alpha/conn-2"));
    }
}
