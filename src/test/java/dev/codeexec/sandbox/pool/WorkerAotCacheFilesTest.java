package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
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

    /**
     * Servers started together from one directory fill their pools together: while one records the cache, another
     * does not record it too, and maps the first one's file once it is there (mutation-checked: without the check,
     * train starts a training worker here, with no launcher to start it).
     */
    @Test
    void aLiveRecordingOfTheSameCacheByAnotherServerIsLeftToIt() throws Exception {
        WorkerAotCache cache = new WorkerAotCache(dir, Optional.empty(), "java -Xmx512m -cp app.jar Main");
        String training = cache.files().get(0).getFileName() + ".training.";
        long other = ProcessHandle.current().parent().orElseThrow().pid();
        Path recording = Files.createDirectories(dir.resolve(training + other + ".partial"));
        assertTrue(cache.recordedByAnotherServer());
        cache.train(null);
        assertTrue(cache.missing(), "nothing was recorded here");

        Files.setLastModifiedTime(recording, FileTime.from(Instant.now().minus(Duration.ofMinutes(10))));
        assertFalse(cache.recordedByAnotherServer(), "a recording older than its time limits is not a live one");
        Files.delete(recording);
        Files.createDirectories(dir.resolve(training + "99999999.partial"));
        assertFalse(cache.recordedByAnotherServer(), "its server is gone");
        Files.createDirectories(dir.resolve(training + ProcessHandle.current().pid() + ".partial"));
        assertFalse(cache.recordedByAnotherServer(), "this server's own");
        Files.createDirectories(dir.resolve("worker-0000000000000000.aot.training." + other + ".partial"));
        assertFalse(cache.recordedByAnotherServer(), "another cache's recording");
    }
}
