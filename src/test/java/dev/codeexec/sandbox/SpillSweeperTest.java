package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.tenant.Tenants;
import dev.codeexec.workspace.FixedWorkspaceConfig;
import dev.codeexec.workspace.WorkspaceConfig;
import dev.codeexec.workspace.WorkspaceRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Spill files go once nothing in their run's directory changed for the TTL, and give their quota back. */
@Execution(ExecutionMode.CONCURRENT)
class SpillSweeperTest {

    private static final Duration TTL = Duration.ofHours(1);
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");

    @TempDir
    Path dir;

    private static WorkspaceConfig config(Path tenants) {
        return new FixedWorkspaceConfig(tenants, 1 << 20, 1 << 24, 100, 32, 1 << 20);
    }

    private static Path spill(Path workspace, String id, Instant changed) throws Exception {
        Path run = Files.createDirectories(workspace.resolve(".runs").resolve(id));
        Path file = Files.writeString(run.resolve("stdout.txt"), "x".repeat(1000));
        Files.setLastModifiedTime(file, FileTime.from(changed));
        Files.setLastModifiedTime(run, FileTime.from(changed));
        return run;
    }

    @Test
    void removesOnlySpillsUntouchedForTheTtlAndReturnsTheirQuota() throws Exception {
        Path workspace = Files.createDirectories(dir.resolve("ws"));
        Path old = spill(workspace, "old", NOW.minus(TTL).minusSeconds(1));
        Path fresh = spill(workspace, "fresh", NOW.minus(TTL).plusSeconds(1));
        Path mine = Files.writeString(workspace.resolve("notes.txt"), "kept");
        WorkspaceRoots roots = new WorkspaceRoots(workspace, config(dir.resolve("tenants")));
        long before = roots.ledger(Tenants.LOCAL).usage().bytes();

        SpillSweeper sweeper = new SpillSweeper(roots, TTL, Clock.fixed(NOW, java.time.ZoneOffset.UTC));
        assertEquals(1, sweeper.sweep(Tenants.LOCAL, NOW));

        assertFalse(Files.exists(old), "past the TTL: removed");
        assertTrue(Files.exists(fresh.resolve("stdout.txt")), "within the TTL: kept");
        assertTrue(Files.exists(mine), "files outside .runs are never touched");
        assertEquals(before - 1000, roots.ledger(Tenants.LOCAL).usage().bytes(), "the ledger got the bytes back");
        assertEquals(1, sweeper.sweep(Tenants.LOCAL, NOW.plus(TTL)), "the other one goes once its TTL passed");
    }

    @Test
    void aSymlinkedRunsDirectoryLeadingOutIsLeftAlone() throws Exception {
        Path workspace = Files.createDirectories(dir.resolve("ws"));
        Path outside = spill(Files.createDirectories(dir.resolve("outside")), "victim", NOW.minus(Duration.ofDays(2)));
        Files.createSymbolicLink(workspace.resolve(".runs"), outside.getParent());
        WorkspaceRoots roots = new WorkspaceRoots(workspace, config(dir.resolve("tenants")));
        SpillSweeper sweeper = new SpillSweeper(roots, TTL, Clock.fixed(NOW, java.time.ZoneOffset.UTC));
        assertEquals(0, sweeper.sweep(Tenants.LOCAL, NOW));
        assertTrue(Files.exists(outside.resolve("stdout.txt")), "nothing outside the workspace is deleted");
    }

    /** A run directory {@code x} of {@code files} spill files, old. */
    private static void spills(Path runs, int files) throws java.io.IOException {
        Path run = Files.createDirectories(runs.resolve("x"));
        for (int i = 0; i < files; i++) {
            Files.writeString(run.resolve("part-" + i + ".txt"), "x");
        }
    }

    /**
     * A worker whose guest got out of the interpreter can swap its workspace's {@code .runs} for a link to another
     * tenant's directory and back while the sweep works (T2b). The sweep confined each path and then deleted it by
     * path, so a delete judged inside could remove the other tenant's files; it now deletes through directories held
     * open. The old window (between one path's check and its delete) is too narrow for this test to hit in its time:
     * it guards the new code, and WorkspaceSwapRaceTest shows the same mechanism against a window it does hit.
     */
    @Test
    void aRunsDirectorySwappedForALinkDuringTheSweepNeverLosesAFileOutside() throws Exception {
        Path workspace = Files.createDirectories(dir.resolve("ws"));
        Path other = Files.createDirectories(dir.resolve("other-tenant"));
        spills(other, 200);
        WorkspaceRoots roots = new WorkspaceRoots(workspace, config(dir.resolve("tenants")));
        Instant later = Instant.now().plus(Duration.ofDays(10));
        SpillSweeper sweeper = new SpillSweeper(roots, TTL, Clock.fixed(later, java.time.ZoneOffset.UTC));
        Path runs = workspace.resolve(".runs");
        Path held = workspace.resolve("held");
        spills(runs, 200);
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread swapping = Thread.ofPlatform().start(() -> {
            while (!stop.get()) {
                try {
                    Files.move(runs, held, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                    if (!Files.exists(held.resolve("x"))) {
                        spills(held, 200);
                    }
                    Files.createSymbolicLink(runs, other);
                    Thread.onSpinWait();
                    Files.delete(runs);
                    Files.move(held, runs, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                } catch (java.io.IOException e) {
                    try {
                        if (Files.isSymbolicLink(runs)) {
                            Files.delete(runs);
                        }
                        if (Files.isDirectory(held) && !Files.exists(runs)) {
                            Files.move(held, runs, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                        }
                    } catch (java.io.IOException again) {
                        // The next turn tries again.
                    }
                }
            }
        });
        int swept = 0;
        try {
            long end = System.nanoTime() + 3_000_000_000L;
            while (System.nanoTime() < end) {
                swept += sweeper.sweep(Tenants.LOCAL, later);
            }
        } finally {
            stop.set(true);
            swapping.join();
        }
        try (var left = Files.list(other.resolve("x"))) {
            assertEquals(200, left.count(), "a sweep judged inside the workspace deleted another tenant's files");
        }
        assertTrue(swept > 0, "no sweep got through the race at all");
    }
}
