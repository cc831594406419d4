package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.BridgeCaller;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The settlements a worker sends with its next call ({@code settled}): applied before the call itself, each lease
 * once, and only the calling process's; a malformed list is refused naming the field.
 */
class WorkspaceQuotaBridgeTest {

    @TempDir
    Path dir;

    private static final BridgeCaller WORKER = new BridgeCaller("local/caller-1", "worker-1");

    private WorkspaceRoots roots() {
        return new WorkspaceRoots(dir.resolve("workspace"),
                new FixedWorkspaceConfig(dir.resolve("tenants"), 1 << 20, 4000, 100, 32, 1 << 20));
    }

    private static long reserve(WorkspaceQuotaBridge bridge, Map<String, Object> args) {
        Object reply = bridge.handle("reserve", args, WORKER);
        return ((Number) ((Map<?, ?>) reply).get("lease")).longValue();
    }

    @Test
    void settlementsComeBeforeTheCallTheyArriveWith() {
        WorkspaceRoots roots = roots();
        WorkspaceQuotaBridge bridge = new WorkspaceQuotaBridge(roots);
        long first = reserve(bridge, Map.of("lease", 0, "needed", 3000, "wanted", 3000, "entries", 1, "entries_wanted", 1));
        // Without the settlement first, 3,000 reserved and 3,000 more needed would not fit the 4,000 bytes.
        reserve(bridge, Map.of("lease", 0, "needed", 3000, "wanted", 3000, "entries", 1,
                "entries_wanted", 1, "settled", List.of(List.of(first, 8, 1, 0))));
        assertEquals(new WorkspaceUsage(2, 3008), roots.ledger(WORKER.tenant()).usage());
        InvalidInputException again = assertThrows(InvalidInputException.class,
                () -> bridge.handle("settle", Map.of("settled", List.of(List.of(first, 8, 1, 0))), WORKER));
        assertEquals("settled", again.field());
        assertTrue(again.getMessage().contains("is not open for this process"), again.getMessage());
    }

    @Test
    void anotherProcessCannotSettleALease() {
        WorkspaceQuotaBridge bridge = new WorkspaceQuotaBridge(roots());
        long lease = reserve(bridge, Map.of("lease", 0, "needed", 10, "wanted", 10, "entries", 1, "entries_wanted", 1));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> bridge.handle("settle",
                Map.of("settled", List.of(List.of(lease, 0, 0, 0))), new BridgeCaller("local/caller-1", "worker-2")));
        assertEquals("settled", e.field());
    }

    @Test
    void aMalformedListIsRefusedNamingTheField() {
        WorkspaceQuotaBridge bridge = new WorkspaceQuotaBridge(roots());
        for (Object settled : List.of("1,2,3,4", List.of(List.of(1, 2, 3)), List.of(List.of(1, 2, "3", 0)))) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> bridge.handle("settle", Map.of("settled", settled), WORKER));
            assertEquals("settled", e.field());
            assertTrue(e.getMessage().contains("[lease, bytes, entries, recount]"), e.getMessage());
        }
    }

    @Test
    void aReservationGrantsEntriesBeyondThoseNeededUpToAQuarterOfThoseLeft() {
        WorkspaceQuotaBridge bridge = new WorkspaceQuotaBridge(roots());
        Map<?, ?> reply = (Map<?, ?>) bridge.handle("reserve", Map.of("lease", 0, "needed", 0, "wanted", 0,
                "entries", 1, "entries_wanted", 64), WORKER);
        // 100 entries left: the one needed and a quarter of the 99 after it.
        assertEquals(25L, ((Number) reply.get("entries")).longValue());
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> bridge.handle("reserve",
                Map.of("lease", 0, "needed", 0, "wanted", 0, "entries", 1, "entries_wanted", -1), WORKER));
        assertEquals("entries_wanted", e.field());
    }

    /**
     * A settlement of lease 0 asks for a recount and nothing else: a file written in an earlier run was found deleted
     * under it when it closed (mutation-checked: ignored, the account kept the bytes no longer on disk).
     */
    @Test
    void aSettlementOfNoLeaseRecountsTheWorkspace() {
        // Recounts run on the calling thread, so the settlement's has run when it returns.
        WorkspaceRoots roots = new WorkspaceRoots(dir.resolve("workspace"),
                new FixedWorkspaceConfig(dir.resolve("tenants"), 1 << 20, 4000, 100, 32, 1 << 20), Runnable::run);
        WorkspaceQuotaBridge bridge = new WorkspaceQuotaBridge(roots);
        long lease = reserve(bridge, Map.of("lease", 0, "needed", 500, "wanted", 500, "entries", 1,
                "entries_wanted", 1));
        bridge.handle("settle", Map.of("settled", List.of(List.of(lease, 500, 1, 0))), WORKER);
        WorkspaceLedger ledger = roots.ledger(WORKER.tenant());
        assertEquals(new WorkspaceUsage(1, 500), ledger.usage(), "counted, though no file was written");
        bridge.handle("settle", Map.of("settled", List.of(List.of(0, 0, 0, 1))), WORKER);
        assertEquals(new WorkspaceUsage(0, 0), ledger.usage());
    }
}
