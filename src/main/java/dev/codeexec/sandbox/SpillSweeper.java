package dev.codeexec.sandbox;

import dev.codeexec.workspace.PathOutsideWorkspaceException;
import dev.codeexec.workspace.WorkspaceChanges;
import dev.codeexec.workspace.WorkspaceLedger;
import dev.codeexec.workspace.WorkspaceRoots;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Removes spilled output ({@code .runs/<id>/} in a tenant's workspace) once nothing in it changed for the spill TTL,
 * through the workspace ledger so the quota it held is given back. A tenant is swept when one of its executions is
 * admitted (at most every {@link #MIN_INTERVAL} unless the TTL is shorter) and by the server's periodic sweep of
 * every tenant ({@code sandbox.spill.sweep-interval}).
 * Every path is confined again just before it is deleted: guest code may have changed the tree meanwhile.
 */
final class SpillSweeper {

    private static final Logger LOG = Logger.getLogger(SpillSweeper.class.getName());
    static final Duration MIN_INTERVAL = Duration.ofSeconds(30);

    private final WorkspaceRoots roots;
    private final Duration ttl;
    private final Clock clock;
    private final Map<String, Instant> lastSwept = new ConcurrentHashMap<>();

    SpillSweeper(WorkspaceRoots roots, Duration ttl, Clock clock) {
        this.roots = roots;
        this.ttl = ttl;
        this.clock = clock;
    }

    Duration ttl() {
        return ttl;
    }

    /** Sweeps every tenant whose workspace was used since start (the others' spills are swept when they next run). */
    void sweepAll() {
        for (String tenant : roots.measuredTenants()) {
            lastSwept.put(tenant, clock.instant());
            sweepQuietly(tenant, clock.instant());
        }
    }

    /** Sweeps the tenant's workspace unless it was swept within the interval; never throws. */
    void sweepSoon(String tenant) {
        Instant now = clock.instant();
        Duration interval = ttl.compareTo(MIN_INTERVAL) < 0 ? ttl : MIN_INTERVAL;
        Instant last = lastSwept.get(tenant);
        if (last != null && last.plus(interval).isAfter(now)) {
            return;
        }
        lastSwept.put(tenant, now);
        sweepQuietly(tenant, now);
    }

    /** A sweep that fails only delays the removal; the execution or the schedule that asked goes on. */
    private void sweepQuietly(String tenant, Instant now) {
        try {
            sweep(tenant, now);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "spill sweep of a workspace failed: {0}", e.getClass().getSimpleName());
        }
    }

    /** Removes the tenant's spill directories untouched since {@code now} minus the TTL; returns how many. */
    int sweep(String tenant, Instant now) {
        WorkspaceLedger ledger = roots.ledger(tenant);
        Path runs;
        try {
            runs = ledger.root().confine(Path.of(OutputPlan.RUNS_DIR));
        } catch (PathOutsideWorkspaceException e) {
            return 0;
        }
        if (!Files.isDirectory(runs, LinkOption.NOFOLLOW_LINKS)) {
            return 0;
        }
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(runs)) {
            for (Path run : entries) {
                if (Files.isDirectory(run, LinkOption.NOFOLLOW_LINKS) && !lastChange(run).plus(ttl).isAfter(now)) {
                    removed += remove(ledger, run) ? 1 : 0;
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "spill sweep of a workspace failed: {0}", e.getClass().getSimpleName());
        }
        return removed;
    }

    /** The newest modification of the directory or anything directly in it. */
    private static Instant lastChange(Path run) throws IOException {
        Instant newest = Files.getLastModifiedTime(run, LinkOption.NOFOLLOW_LINKS).toInstant();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(run)) {
            for (Path file : files) {
                Instant changed = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                        .lastModifiedTime().toInstant();
                newest = changed.isAfter(newest) ? changed : newest;
            }
        }
        return newest;
    }

    /**
     * Deletes the directory's tree bottom-up (links themselves, never what they point to), each entry in its directory
     * held open without following a link: confining each path and then deleting it by path let a directory swapped
     * for a link in between (by a worker whose guest left the interpreter) take the delete outside the workspace.
     */
    private static boolean remove(WorkspaceLedger ledger, Path run) {
        try {
            new WorkspaceChanges(ledger).deleteTree(ledger.root(), ledger.root().confine(
                    ledger.root().path().relativize(run)));
            return true;
        } catch (IOException | java.io.UncheckedIOException | SecurityException e) {
            return false;
        }
    }
}
