package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A writer replacing a file over and over while a reader reads it: the reader sees whole versions only. */
class ConcurrentReadWriteTest {

    @TempDir
    Path root;

    @Test
    void readersNeverSeeAPartialFile() throws Exception {
        int size = 200_000;
        WorkspaceFiles files = new WorkspaceFiles(new WorkspaceRoot(root), new WorkspaceQuota(1 << 20, 1 << 24, 100),
                size);
        String a = "a".repeat(size);
        String b = "b".repeat(size);
        files.write(new WriteFileRequest("shared.txt", a, null, null));
        AtomicBoolean stop = new AtomicBoolean();
        CompletableFuture<Integer> writer = CompletableFuture.supplyAsync(() -> {
            int n = 0;
            while (!stop.get()) {
                files.write(new WriteFileRequest("shared.txt", n++ % 2 == 0 ? b : a, null, null));
            }
            return n;
        });
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        String hashA = HexFormat.of().formatHex(sha.digest(a.getBytes(StandardCharsets.UTF_8)));
        String hashB = HexFormat.of().formatHex(sha.digest(b.getBytes(StandardCharsets.UTF_8)));
        int reads = 0;
        long until = System.nanoTime() + 2_000_000_000L;
        while (System.nanoTime() < until) {
            ReadFileResult r = files.read(new ReadFileRequest("shared.txt", null, null, null));
            assertEquals(size, r.totalBytes());
            assertTrue(r.content().equals(a) && r.sha256OfFile().equals(hashA)
                    || r.content().equals(b) && r.sha256OfFile().equals(hashB), "read a mixed or partial version");
            reads++;
        }
        stop.set(true);
        int writes = writer.get();
        assertTrue(writes > 2 && reads > 2, "too little overlap: writes=" + writes + " reads=" + reads);
        assertEquals(1, Files.list(root).count(), "temporary files left behind");
    }
}
