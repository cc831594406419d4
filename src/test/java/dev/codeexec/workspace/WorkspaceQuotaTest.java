package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The quota guard that sandboxed writes go through: a write that would break a limit fails whole. */
class WorkspaceQuotaTest {

    @TempDir
    Path root;

    private static ByteBuffer bytes(int n) {
        return ByteBuffer.wrap("x".repeat(n).getBytes());
    }

    @Test
    void writesStopAtTheFileLimitAndKeepWhatCameBefore() throws IOException {
        WorkspaceQuota quota = new WorkspaceQuota(10, 1000, 10);
        Path file = root.resolve("f");
        try (SeekableByteChannel ch = quota.guard(Files.newByteChannel(file, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE), 0, false)) {
            ch.write(bytes(6));
            WorkspaceQuotaException e = assertThrows(WorkspaceQuotaException.class, () -> ch.write(bytes(5)));
            assertTrue(e.getMessage().contains("workspace.max-file-bytes=10"), e.getMessage());
            ch.write(bytes(4));
            // Overwriting inside the file does not grow it, so it is allowed at the limit.
            ch.position(0);
            ch.write(bytes(10));
        }
        assertEquals(10, Files.size(file));
    }

    @Test
    void appendCountsFromTheEndAndTheTotalCountsOtherFiles() throws IOException {
        WorkspaceQuota quota = new WorkspaceQuota(100, 50, 10);
        Path file = Files.writeString(root.resolve("log"), "12345");
        try (SeekableByteChannel ch = quota.guard(Files.newByteChannel(file, StandardOpenOption.APPEND), 40, true)) {
            ch.write(bytes(5));
            WorkspaceQuotaException e = assertThrows(WorkspaceQuotaException.class, () -> ch.write(bytes(1)));
            assertTrue(e.getMessage().contains("workspace.max-total-bytes=50"), e.getMessage());
        }
        assertEquals("12345xxxxx", Files.readString(file));
    }

    @Test
    void usageCountsRegularFilesAndSkipsSymlinks() throws IOException {
        Files.writeString(root.resolve("a"), "abc");
        Files.createDirectories(root.resolve("d"));
        Files.writeString(root.resolve("d/b"), "de");
        Files.createSymbolicLink(root.resolve("link"), root.resolve("a"));
        assertEquals(new WorkspaceUsage(2, 5), WorkspaceQuota.usage(root));
        assertThrows(WorkspaceQuotaException.class, () -> new WorkspaceQuota(10, 10, 2).checkNewFile(new WorkspaceUsage(2, 5)));
    }
}
