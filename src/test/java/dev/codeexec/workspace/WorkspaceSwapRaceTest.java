package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The workspace tools against a workspace changed under them from outside the server, as a worker whose guest got out
 * of GraalPy could change its tenant's workspace (T2b: writable there, links included). A directory on the path is
 * swapped for a link to another tenant's directory and back, again and again, while a tool works through it. The tools
 * judged the path by its real path and then opened, renamed or deleted it by name: a call judged inside read another
 * tenant's file, wrote one there, or deleted one there. Each call must now act inside the workspace or be refused.
 */
@Execution(ExecutionMode.CONCURRENT)
class WorkspaceSwapRaceTest {

    private static final long RACE_NANOS = 3_000_000_000L;

    @TempDir
    Path dir;
    Path root;
    Path outside;
    WorkspaceFiles files;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(dir.resolve("ws"));
        outside = Files.createDirectories(dir.resolve("other-tenant"));
        Files.writeString(outside.resolve("secret.txt"), "SECRET of another tenant");
        Files.writeString(outside.resolve("victim.txt"), "another tenant's file");
        Files.createDirectories(root.resolve("d"));
        Files.writeString(root.resolve("d/secret.txt"), "inside");
        WorkspaceLedger ledger = WorkspaceLedger.measure(new WorkspaceRoot(root),
                new WorkspaceQuota(1 << 20, 64 << 20, 1000, 8), Runnable::run);
        files = new WorkspaceFiles(ledger, 100, 100);
    }

    /**
     * Swaps {@code d} between the real directory and a link to the other tenant's, while {@code action} runs again and
     * again; refusals (a path judged while the link stood, or gone for an instant) are counted, results returned.
     */
    private int race(Supplier<String> action, String expected) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        Path d = root.resolve("d");
        Path held = root.resolve("held");
        Thread swapping = Thread.ofPlatform().start(() -> {
            while (!stop.get()) {
                try {
                    Files.move(d, held, StandardCopyOption.ATOMIC_MOVE);
                    if (!Files.exists(held.resolve("victim.txt"))) {
                        Files.writeString(held.resolve("victim.txt"), "inside");
                    }
                    Files.createSymbolicLink(d, outside);
                    Thread.onSpinWait();
                    Files.delete(d);
                    Files.move(held, d, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException e) {
                    // A tool made d again while it was away (a write creates missing directories): start over.
                    restore(d, held);
                }
            }
            while (Files.isDirectory(held)) {
                restore(d, held);
            }
        });
        int done = 0;
        try {
            long end = System.nanoTime() + RACE_NANOS;
            while (System.nanoTime() < end) {
                String result;
                try {
                    result = action.get();
                } catch (InvalidInputException e) {
                    assertTrue(e.field().equals("path") || e.field().equals("uri"), e.getMessage());
                    continue;
                } catch (UncheckedIOException e) {
                    continue;
                }
                assertEquals(expected, result, "a call judged inside the workspace acted outside it");
                done++;
            }
        } finally {
            stop.set(true);
            swapping.join();
        }
        return done;
    }

    private static void restore(Path d, Path held) {
        try {
            if (Files.isSymbolicLink(d)) {
                Files.delete(d);
            } else if (Files.isDirectory(d) && Files.isDirectory(held)) {
                try (Stream<Path> made = Files.walk(d)) {
                    for (Path p : made.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            if (Files.isDirectory(held)) {
                Files.move(held, d, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException | UncheckedIOException e) {
            // A tool is writing into the directory it made (the walk can meet its temporary file as it is renamed):
            // the next turn tries again.
        }
    }

    private List<String> outsideNames() throws IOException {
        try (Stream<Path> listed = Files.list(outside)) {
            return listed.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aReadThroughASwappedDirectoryNeverYieldsAFileOutside() throws Exception {
        int read = race(() -> files.read(new ReadFileRequest("d/secret.txt", null, null, null)).content(), "inside");
        assertTrue(read > 0, "no read got through the race at all");
        assertTrue(race(() -> files.readWhole("d/secret.txt").text(), "inside") > 0, "no resource read got through");
    }

    @Test
    void aWriteThroughASwappedDirectoryNeverLandsOutside() throws Exception {
        int written = race(() -> files.write(new WriteFileRequest("d/planted.txt", "x", null, null)).path(),
                "d/planted.txt");
        race(() -> files.write(new WriteFileRequest("d/secret.txt", "more", null, "append")).path(), "d/secret.txt");
        assertTrue(written > 0, "no write got through the race at all");
        assertEquals(List.of("secret.txt", "victim.txt"), outsideNames());
        assertEquals("SECRET of another tenant", Files.readString(outside.resolve("secret.txt")));
    }

    @Test
    void aDeleteThroughASwappedDirectoryNeverRemovesAFileOutside() throws Exception {
        race(() -> files.delete("d/victim.txt").path(), "d/victim.txt");
        assertEquals(List.of("secret.txt", "victim.txt"), outsideNames());
        assertEquals("another tenant's file", Files.readString(outside.resolve("victim.txt")));
    }

    @Test
    void aListingThroughASwappedDirectoryNeverShowsNamesOutside() throws Exception {
        Files.createDirectories(root.resolve("d/sub"));
        Files.writeString(root.resolve("d/sub/inside.txt"), "x");
        Files.createDirectories(outside.resolve("sub"));
        Files.writeString(outside.resolve("sub/their-plans.txt"), "x");
        int listed = race(() -> {
            List<String> names = files.list(new ListFilesRequest("d/sub", null, null, null, null)).entries().stream()
                    .map(ListFilesResult.Entry::path).toList();
            return names.contains("d/sub/their-plans.txt") ? "outside: " + names : "inside";
        }, "inside");
        assertTrue(listed > 0, "no listing got through the race at all");
    }
}
