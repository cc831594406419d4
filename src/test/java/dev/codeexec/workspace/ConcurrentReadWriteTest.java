package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A writer replacing a file over and over while a reader reads it: the reader sees whole versions only. */
class ConcurrentReadWriteTest {

    @TempDir
    Path root;

    /** Reads and writes each side makes at least, so that they overlap many times. */
    static final int OVERLAP = 50;

    @Test
    void readersNeverSeeAPartialFile() throws Exception {
        int size = 200_000;
        WorkspaceFiles files = new WorkspaceFiles(WorkspaceLedger.measure(new WorkspaceRoot(root),
                new WorkspaceQuota(1 << 20, 1 << 24, 100, 32), Runnable::run),
                size, size);
        String a = "a".repeat(size);
        String b = "b".repeat(size);
        files.write(new WriteFileRequest("shared.txt", a, null, null));
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger writes = new AtomicInteger();
        // Its own thread: the common pool may have a single, busy worker on a 2-core machine.
        ExecutorService writerThread = Executors.newSingleThreadExecutor();
        Future<?> writer = writerThread.submit(() -> {
            while (!stop.get()) {
                files.write(new WriteFileRequest("shared.txt", writes.getAndIncrement() % 2 == 0 ? b : a, null, null));
            }
        });
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        String hashA = HexFormat.of().formatHex(sha.digest(a.getBytes(StandardCharsets.UTF_8)));
        String hashB = HexFormat.of().formatHex(sha.digest(b.getBytes(StandardCharsets.UTF_8)));
        // Counted, not timed: enough reads while enough replacements happen, however slow the machine is.
        int reads = 0;
        try {
            while (reads < OVERLAP || writes.get() < OVERLAP) {
                assertFalse(writer.isDone(), "the writer stopped early");
                ReadFileResult r = files.read(new ReadFileRequest("shared.txt", null, null, null));
                assertEquals(size, r.totalBytes());
                assertTrue(r.content().equals(a) && r.sha256OfFile().equals(hashA)
                        || r.content().equals(b) && r.sha256OfFile().equals(hashB), "read a mixed or partial version");
                reads++;
            }
        } finally {
            stop.set(true);
            writerThread.shutdown();
        }
        writer.get();
        assertEquals(1, Files.list(root).count(), "temporary files left behind");
    }
}
