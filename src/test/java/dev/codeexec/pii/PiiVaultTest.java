package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Token stability, isolation between sessions, bounds and idle eviction. */
class PiiVaultTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    /** The vaults a persistent session acts for now. */
    private final java.util.Set<String> held = new java.util.HashSet<>();

    private PiiService service(int maxEntries, int maxSessions) {
        return new PiiService(new Analyzer(BuiltInRecognizers.all()), vault(maxEntries, maxSessions, Long.MAX_VALUE),
                1024, 0.5);
    }

    private PiiVault vault(int maxEntries, int maxSessions, long maxBytesPerTenant) {
        return new PiiVault(maxEntries, maxSessions, maxBytesPerTenant, Duration.ofMinutes(30), now::get,
                held::contains);
    }

    @Test
    void tokensAreNumberedPerTypeAndStableAcrossCalls() {
        PiiService pii = service(100, 10);
        SanitizeResult first = pii.sanitize(new SanitizeRequest("a@example.com, b@example.com, 192.168.0.1"), "c1");
        assertEquals("<EMAIL_ADDRESS_1>, <EMAIL_ADDRESS_2>, <IP_ADDRESS_1>", first.text());
        SanitizeResult second = pii.sanitize(new SanitizeRequest("b@example.com then c@example.com"), "c1");
        assertEquals("<EMAIL_ADDRESS_2> then <EMAIL_ADDRESS_3>", second.text());
        assertEquals(java.util.Map.of("EMAIL_ADDRESS", 2, "IP_ADDRESS", 1), first.counts());
    }

    @Test
    void anotherSessionNeverRestoresTheToken() {
        PiiService pii = service(100, 10);
        String token = pii.sanitize(new SanitizeRequest("mail a@example.com"), "alice").text();
        assertEquals("mail <EMAIL_ADDRESS_1>", token);
        assertEquals("mail <EMAIL_ADDRESS_1>", pii.restore(token, "bob").text());
        pii.sanitize(new SanitizeRequest("mail z@example.com"), "bob");
        assertEquals("mail z@example.com", pii.restore(token, "bob").text());
        assertEquals("mail a@example.com", pii.restore(token, "alice").text());
    }

    @Test
    void restoreLeavesUnknownTokensAndOtherTextAlone() {
        PiiService pii = service(100, 10);
        pii.sanitize(new SanitizeRequest("a@example.com"), "c1");
        String text = "<EMAIL_ADDRESS_1> <EMAIL_ADDRESS_9> <email_address_1> <EMAIL_ADDRESS_1 ü😀";
        assertEquals("a@example.com <EMAIL_ADDRESS_9> <email_address_1> <EMAIL_ADDRESS_1 ü😀",
                pii.restore(text, "c1").text());
    }

    @Test
    void literalThatIsAnIssuedTokenSurvivesTheRoundTrip() {
        PiiService pii = service(100, 10);
        pii.sanitize(new SanitizeRequest("a@example.com"), "c1");
        String input = "literal <EMAIL_ADDRESS_1> and b@example.com and <EMAIL_ADDRESS_3>";
        SanitizeResult r = pii.sanitize(new SanitizeRequest(input), "c1");
        assertEquals("literal <PII_TOKEN_1> and <EMAIL_ADDRESS_2> and <EMAIL_ADDRESS_3>", r.text());
        assertEquals(input, pii.restore(r.text(), "c1").text());
        // <EMAIL_ADDRESS_3> was seen as a literal, so it is never issued: the next address skips it.
        assertEquals("<EMAIL_ADDRESS_4>", pii.sanitize(new SanitizeRequest("c@example.com"), "c1").text());
    }

    /** A connection's new vault never gives an old token a new meaning: an old draft restores to nothing else. */
    @Test
    void aConnectionsNextVaultGoesOnNumberingWhereItsDroppedOneStopped() {
        PiiService pii = service(100, 1);
        String draft = pii.sanitize(new SanitizeRequest("Send the contract to jane@example.com"), "alpha/c1").text();
        assertEquals("Send the contract to <EMAIL_ADDRESS_1>", draft);
        now.addAndGet(Duration.ofMinutes(31).toMillis());
        assertEquals("CC <EMAIL_ADDRESS_2>", pii.sanitize(new SanitizeRequest("CC bob@example.com"), "alpha/c1").text());
        assertEquals(draft, pii.restore(draft, "alpha/c1").text());
        // Evicted for another connection's vault: the same.
        pii.sanitize(new SanitizeRequest("x@example.com"), "alpha/c2");
        assertEquals("<EMAIL_ADDRESS_3>", pii.sanitize(new SanitizeRequest("z@example.com"), "alpha/c1").text());
    }

    @Test
    void idleSessionIsEvicted() {
        PiiService pii = service(100, 10);
        String sanitized = pii.sanitize(new SanitizeRequest("a@example.com"), "c1").text();
        now.addAndGet(Duration.ofMinutes(31).toMillis());
        assertEquals(sanitized, pii.restore(sanitized, "c1").text());
        assertEquals(0, pii.stats("").vaultSessions());
    }

    /** A vault a persistent session acts for is kept however long nobody uses it, and goes idle once none does. */
    @Test
    void aVaultHeldByASessionIsKeptPastTheTtl() {
        PiiService pii = service(100, 10);
        String sanitized = pii.sanitize(new SanitizeRequest("a@example.com"), "t/vault:1").text();
        held.add("t/vault:1");
        now.addAndGet(Duration.ofMinutes(90).toMillis());
        pii.sanitize(new SanitizeRequest("sweeps"), "t/other");
        assertEquals(2, pii.stats("t").vaultSessions());
        held.remove("t/vault:1");
        now.addAndGet(Duration.ofMinutes(31).toMillis());
        assertEquals(sanitized, pii.restore(sanitized, "t/vault:1").text());
        assertEquals(0, pii.stats("t").vaultSessions());
    }

    /** A tenant at its bound of vaults loses its least recently used one that no session holds. */
    @Test
    void aFullTenantLosesAVaultNoSessionHolds() {
        PiiService pii = service(100, 2);
        String held1 = pii.sanitize(new SanitizeRequest("a@example.com"), "t/vault:1").text();
        now.addAndGet(2000);
        String free = pii.sanitize(new SanitizeRequest("b@example.com"), "t/vault:2").text();
        held.add("t/vault:1");
        now.addAndGet(2000);
        pii.sanitize(new SanitizeRequest("c@example.com"), "t/vault:3");
        assertEquals("a@example.com", pii.restore(held1, "t/vault:1").text());
        assertEquals(free, pii.restore(free, "t/vault:2").text(), "the vault no session holds went first");
    }

    @Test
    void activeSessionIsKeptPastTheTtl() {
        PiiService pii = service(100, 10);
        String sanitized = pii.sanitize(new SanitizeRequest("a@example.com"), "c1").text();
        for (int i = 0; i < 4; i++) {
            now.addAndGet(Duration.ofMinutes(20).toMillis());
            assertEquals("a@example.com", pii.restore(sanitized, "c1").text());
        }
    }

    @Test
    void mintingIdentitiesNeverEvictsAnotherTenantsVault() {
        PiiService pii = service(100, 2);
        String victim = pii.sanitize(new SanitizeRequest("ceo@victim.example"), "victim/conn").text();
        for (int i = 0; i < 20; i++) {
            now.addAndGet(2000);
            pii.sanitize(new SanitizeRequest("x" + i + "@attacker.example"), "attacker/rest:" + i);
        }
        assertEquals("ceo@victim.example", pii.restore(victim, "victim/conn").text());
        assertEquals(2, pii.stats("attacker").vaultSessions(), "the attacker's tenant keeps at most 2 vaults");
        assertEquals(1, pii.stats("victim").vaultSessions());
    }

    @Test
    void leastRecentlyUsedSessionMakesRoom() {
        PiiService pii = service(100, 2);
        String t1 = pii.sanitize(new SanitizeRequest("a@example.com"), "c1").text();
        now.addAndGet(2000);
        pii.sanitize(new SanitizeRequest("b@example.com"), "c2");
        now.addAndGet(2000);
        pii.sanitize(new SanitizeRequest("c@example.com"), "c3");
        assertEquals(2, pii.stats("").vaultSessions());
        assertEquals(t1, pii.restore(t1, "c1").text());
    }

    @Test
    void fullSessionRefusesRatherThanLeaking() {
        PiiService pii = service(2, 10);
        pii.sanitize(new SanitizeRequest("a@example.com b@example.com"), "c1");
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> pii.sanitize(new SanitizeRequest("c@example.com"), "c1"));
        assertEquals("text", e.field());
        assertEquals(InvalidInputException.Kind.TOO_LARGE, e.kind());
        // Known values still work.
        assertEquals("<EMAIL_ADDRESS_1>", pii.sanitize(new SanitizeRequest("a@example.com"), "c1").text());
    }

    /** The text and counts cover every entity; the list with offsets stops at its bound and says how many more. */
    @Test
    void theEntityListStopsAtItsBoundAndCountsTheRest() {
        PiiService pii = new PiiService(new Analyzer(BuiltInRecognizers.all()), vault(100, 10, Long.MAX_VALUE), 1024,
                2, 0.5);
        SanitizeResult r = pii.sanitize(new SanitizeRequest("a@example.com b@example.com c@example.com"), "c1");
        assertEquals("<EMAIL_ADDRESS_1> <EMAIL_ADDRESS_2> <EMAIL_ADDRESS_3>", r.text());
        assertEquals(List.of("<EMAIL_ADDRESS_1>", "<EMAIL_ADDRESS_2>"),
                r.entities().stream().map(SanitizeResult.Entity::token).toList());
        assertEquals(1, r.entitiesNotListed());
        assertEquals(java.util.Map.of("EMAIL_ADDRESS", 3), r.counts());
    }

    @Test
    void refusesOversizedTextUnknownTypesAndBadScores() {
        PiiService pii = service(100, 10);
        InvalidInputException big = assertThrows(InvalidInputException.class,
                () -> pii.sanitize(new SanitizeRequest("x".repeat(1025)), "c1"));
        assertEquals(InvalidInputException.Kind.TOO_LARGE, big.kind());
        assertEquals("text: is 1025 characters; the limit is 1024 (pii.max-input-chars)", big.getMessage());
        assertEquals("entities", assertThrows(InvalidInputException.class,
                () -> pii.sanitize(new SanitizeRequest("x", List.of("NAME"), null), "c1")).field());
        assertEquals("min_score", assertThrows(InvalidInputException.class,
                () -> pii.sanitize(new SanitizeRequest("x", null, 1.5), "c1")).field());
        InvalidInputException nullType = assertThrows(InvalidInputException.class,
                () -> pii.sanitize(new SanitizeRequest("x", java.util.Arrays.asList((String) null), null), "c1"));
        assertTrue(nullType.getMessage().startsWith("entities: must be a list of entity type names, not null; known: "),
                nullType.getMessage());
        assertEquals("text", assertThrows(InvalidInputException.class, () -> pii.restore(null, "c1")).field());
    }

    @Test
    void entityFilterAndMinScoreNarrowTheFindings() {
        PiiService pii = service(100, 10);
        String text = "a@example.com from 192.168.0.1";
        assertEquals("<EMAIL_ADDRESS_1> from 192.168.0.1",
                pii.sanitize(new SanitizeRequest(text, List.of("EMAIL_ADDRESS"), null), "c1").text());
        assertEquals("<EMAIL_ADDRESS_1> from 192.168.0.1",
                pii.sanitize(new SanitizeRequest(text, null, 0.9), "c2").text());
        assertNotEquals(text, pii.sanitize(new SanitizeRequest(text, null, 0.0), "c3").text());
    }

    @Test
    void offsetsCountUtf16UnitsAndStatsCount() {
        PiiService pii = service(100, 10);
        SanitizeResult r = pii.sanitize(new SanitizeRequest("😀é a@example.com"), "c1");
        assertEquals(4, r.entities().get(0).start());
        assertEquals(17, r.entities().get(0).end());
        pii.restore(r.text(), "c1");
        PiiStats stats = pii.stats("");
        assertEquals(1, stats.sanitizeCalls());
        assertEquals(1, stats.restoreCalls());
        assertEquals(1, stats.tokensRestored());
        assertEquals(1L, stats.entitiesByType().get("EMAIL_ADDRESS"));
    }

    @Test
    void oneTenantsFiguresAreNotAnothers() {
        PiiService pii = service(100, 10);
        pii.restore(pii.sanitize(new SanitizeRequest("a@example.com"), "acme/c1").text(), "acme/c1");
        PiiStats globex = pii.stats("globex");
        assertEquals(0, globex.sanitizeCalls());
        assertEquals(0, globex.restoreCalls());
        assertEquals(0, globex.tokensRestored());
        assertEquals(java.util.Map.of(), globex.entitiesByType());
        assertEquals(0, globex.vaultSessions());
        PiiStats acme = pii.stats("acme");
        assertEquals(1, acme.sanitizeCalls());
        assertEquals(1L, acme.entitiesByType().get("EMAIL_ADDRESS"));
        assertEquals(1, acme.vaultSessions());
    }

    @Test
    void aTenantsVaultBytesStayWithinItsBudget() {
        PiiVault vault = vault(10_000, 1000, 2_000);
        PiiService pii = new PiiService(new Analyzer(BuiltInRecognizers.all()), vault, 1024, 0.5);
        InvalidInputException refused = null;
        for (int i = 0; i < 50 && refused == null; i++) {
            try {
                pii.sanitize(new SanitizeRequest("user" + i + "@example.com"), "greedy/rest:" + i);
            } catch (InvalidInputException e) {
                refused = e;
            }
        }
        assertNotEquals(null, refused, "the budget must stop the tenant");
        assertEquals(InvalidInputException.Kind.TOO_LARGE, refused.kind());
        assertEquals("text: would take this tenant's PII vaults past their budget of 2000 bytes "
                + "(pii.vault.max-bytes-per-tenant); refused rather than returned untokenized. Vaults unused for "
                + "pii.vault.idle-ttl are forgotten", refused.getMessage());
        assertEquals(true, vault.bytes("greedy") <= 2_000, "charged " + vault.bytes("greedy"));
        assertEquals("<EMAIL_ADDRESS_1>", pii.sanitize(new SanitizeRequest("ceo@other.example"), "other/c").text(),
                "another tenant has a budget of its own");
        for (int i = 0; i < 50; i++) {
            vault.forget("greedy/rest:" + i);
        }
        assertEquals(0, vault.bytes("greedy"), "a forgotten vault gives its bytes back");
        pii.sanitize(new SanitizeRequest("again@example.com"), "greedy/rest:0");
    }
}
