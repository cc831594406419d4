package dev.codeexec.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prints what one usage walk costs on a full workspace: the ledger walks once at start and after a worker died
 * holding leases, never per write. Run with {@code mvn test -Dtest=WorkspaceUsageBenchmark}; no timing is asserted.
 */
@Tag("benchmark")
class WorkspaceUsageBenchmark {

    @TempDir
    Path root;

    @Test
    void usageWalkOfTenThousandFiles() throws IOException {
        for (int d = 0; d < 100; d++) {
            Path dir = Files.createDirectories(root.resolve("d" + d));
            for (int f = 0; f < 100; f++) {
                Files.write(dir.resolve("f" + f), new byte[10]);
            }
        }
        WorkspaceUsage usage = null;
        for (int i = 0; i < 5; i++) {
            usage = WorkspaceScan.walk(root);
        }
        int runs = 20;
        long start = System.nanoTime();
        for (int i = 0; i < runs; i++) {
            usage = WorkspaceScan.walk(root);
        }
        double ms = (System.nanoTime() - start) / 1e6 / runs;
        System.out.printf("workspace usage walk: files=%d bytes=%d mean=%.2f ms%n", usage.entries(), usage.bytes(), ms);
        assertEquals(new WorkspaceUsage(10_100, 100_000), usage);
    }
}
