package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Queue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The running account every workspace writer reserves from: no write path walks the tree, and none slips past. */
class WorkspaceLedgerTest {

    @TempDir
    Path root;

    /** Recounts run when the test says so, to replay the races a recount must survive. */
    final Queue<Runnable> recounts = new ArrayDeque<>();

    private WorkspaceLedger ledger(long maxTotal, int maxFiles) {
        return WorkspaceLedger.measure(new WorkspaceRoot(root), new WorkspaceQuota(maxTotal, maxTotal, maxFiles, 8),
                recounts::add);
    }

    @Test
    void reservationsOfOpenWritersCountAgainstTheTotal() throws IOException {
        WorkspaceLedger ledger = ledger(1000, 100);
        for (int i = 0; i < 4; i++) {
            ledger.open().reserve(250, 250, 1);
        }
        WorkspaceQuotaException e = assertThrows(WorkspaceQuotaException.class, () -> ledger.open().reserve(1, 1, 1));
        assertTrue(e.getMessage().contains("workspace.max-total-bytes=1000") && e.getMessage().contains(".runs/"), e.getMessage());
        assertEquals(new WorkspaceUsage(4, 1000), ledger.usage());
    }

    @Test
    void chunksNeverTakeMoreThanAQuarterOfWhatIsLeft() throws IOException {
        WorkspaceLedger ledger = ledger(1000, 100);
        assertEquals(250, ledger.open().reserve(0, 1 << 20, 0));
        assertEquals(187, ledger.open().reserve(0, 1 << 20, 0));
        assertEquals(563, ledger.open().reserve(563, 1 << 20, 0), "a write that fits is never refused for a chunk");
    }

    @Test
    void entriesBeyondThoseNeededTakeAQuarterOfThoseLeftAndGoBackWhenUnused() throws IOException {
        WorkspaceLedger ledger = ledger(1000, 41);
        WorkspaceLedger.Lease lease = ledger.open();
        assertEquals(new WorkspaceLedger.Grant(0, 11), lease.reserve(0, 0, 1, 256));
        assertEquals(new WorkspaceLedger.Grant(0, 7), ledger.open().reserve(0, 0, 0, 256));
        lease.settle(0, 3, false);
        assertEquals(new WorkspaceUsage(10, 0), ledger.usage(), "the 3 made and the other lease's 7");
        WorkspaceQuotaException e = assertThrows(WorkspaceQuotaException.class,
                () -> ledger.open().reserve(0, 0, 32, 32));
        assertTrue(e.getMessage().contains("workspace.max-files=41"), e.getMessage());
    }

    @Test
    void settlingReturnsWhatWasNotUsedAndFreesWhatWasTruncated() throws IOException {
        Files.write(root.resolve("old"), new byte[300]);
        WorkspaceLedger ledger = ledger(1000, 100);
        assertEquals(new WorkspaceUsage(1, 300), ledger.usage());
        WorkspaceLedger.Lease lease = ledger.open();
        lease.reserve(100, 500, 1);
        lease.settle(40, 1, false);
        assertEquals(new WorkspaceUsage(2, 340), ledger.usage());
        ledger.open().settle(-300, -1, false);
        assertEquals(new WorkspaceUsage(1, 40), ledger.usage());
    }

    @Test
    void directoriesCountAgainstMaxFiles() throws IOException {
        Files.createDirectories(root.resolve("a/b"));
        Files.writeString(root.resolve("a/f"), "x");
        WorkspaceLedger ledger = ledger(1000, 4);
        assertEquals(new WorkspaceUsage(3, 1), ledger.usage());
        ledger.open().reserve(0, 0, 1);
        WorkspaceQuotaException e = assertThrows(WorkspaceQuotaException.class, () -> ledger.open().reserve(0, 0, 1));
        assertTrue(e.getMessage().contains("4 files and directories") && e.getMessage().contains("workspace.max-files=4"),
                e.getMessage());
    }

    @Test
    void aDeadWritersReservationIsRecountedOnceNothingIsOpen() throws IOException {
        WorkspaceLedger ledger = ledger(1000, 100);
        WorkspaceLedger.Lease dead = ledger.open();
        dead.reserve(0, 400, 1);
        Files.write(root.resolve("written-before-the-kill"), new byte[30]);
        WorkspaceLedger.Lease other = ledger.open();
        other.reserve(0, 100, 0);
        dead.abandon();
        assertTrue(recounts.isEmpty(), "no recount while another writer is open");
        other.settle(0, 0, false);
        Runnable stale = recounts.remove();
        // A writer starts while the walk runs: the walk may have missed its change, so it is discarded.
        WorkspaceLedger.Lease racing = ledger.open();
        stale.run();
        assertEquals(250, ledger.usage().bytes(), "a recount that raced a change must not be applied");
        racing.settle(0, 0, false);
        recounts.remove().run();
        assertEquals(new WorkspaceUsage(1, 30), ledger.usage());
    }

    @Test
    void aTreeTheWalkCannotReadRefusesWritesUntilItCan() throws Exception {
        // Deeper than PATH_MAX: even root cannot stat it by name, as a chmod-ed directory fails for other users.
        String name = "d".repeat(200);
        Process mkdirs = new ProcessBuilder("bash", "-c", "for i in $(seq 25); do mkdir " + name + " && cd -P " + name
                + " || exit 1; done; echo hidden > f").directory(root.toFile()).inheritIO().start();
        assertEquals(0, mkdirs.waitFor());
        WorkspaceLedger ledger = ledger(1000, 100);
        WorkspaceLedger.Lease refused = ledger.open();
        WorkspaceQuotaException e = assertThrows(WorkspaceQuotaException.class, () -> refused.reserve(1, 1, 0));
        assertTrue(e.getMessage().contains("cannot be measured"), e.getMessage());
        refused.settle(0, 0, false);
        assertEquals(0, new ProcessBuilder("rm", "-rf", name).directory(root.toFile()).start().waitFor());
        recounts.remove().run();
        assertEquals(1, ledger.open().reserve(1, 1, 0), "writes resume once a walk succeeds");
    }
}
