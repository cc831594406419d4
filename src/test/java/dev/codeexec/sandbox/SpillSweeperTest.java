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

/** Spill files go once nothing in their run's directory changed for the TTL, and give their quota back. */
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
}
