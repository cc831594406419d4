package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Once a server has recorded its workers' cache, it removes what no worker of its can use (about 120 MiB a cache) but
 * never a recording another live server is making in the same directory.
 */
class WorkerAotCacheFilesTest {

    @TempDir
    Path dir;

    @Test
    void recordingOneRemovesOtherBuildsCachesAndDeadRecordingsButNotLiveOnes() throws Exception {
        WorkerAotCache cache = new WorkerAotCache(dir, Optional.empty(), "java -Xmx512m -cp app.jar Main");
        Path current = Files.writeString(cache.files().get(0), "this build's cache");
        Path currentModules = Files.writeString(cache.files().get(1), "its modules");
        Path stale = Files.writeString(dir.resolve("worker-0000000000000000.aot"), "a cache of an earlier build");
        Path staleModules = Files.writeString(dir.resolve("worker-0000000000000000.modules"), "its modules");
        // Pids above the kernel's maximum (4194304) never belong to a live process.
        Path abandoned = Files.writeString(dir.resolve("worker-0000000000000000.aot.99999999.partial"),
                "a recording whose server died");
        Path recording = Files.writeString(dir.resolve("worker-0000000000000001.aot." + ProcessHandle.current().pid()
                + ".partial"), "a recording still under way");
        Path recordingConfig = Files.writeString(recording.resolveSibling(recording.getFileName() + ".config"),
                "the JVM's configuration of that recording");
        Path unrelated = Files.writeString(dir.resolve("codeexec.mv.db"), "the skills database");

        cache.removeOthers();

        assertTrue(Files.exists(current) && Files.exists(currentModules), "this build's cache was removed");
        assertFalse(Files.exists(stale), "a cache no worker of this build can use was kept");
        assertFalse(Files.exists(staleModules), "modules no worker of this build can use were kept");
        assertFalse(Files.exists(abandoned), "a partial recording of a dead server was kept");
        assertTrue(Files.exists(recording) && Files.exists(recordingConfig),
                "a live server's recording in progress was removed");
        assertTrue(Files.exists(unrelated), "removed a file that is not a worker cache");
    }
}
