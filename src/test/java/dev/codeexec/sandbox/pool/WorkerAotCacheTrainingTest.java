package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recording the workers' cache waits seconds for the training worker to be ready. That wait holds a thread of its own,
 * never one of the JVM's common pool: on 2 cores the pool has one thread, and a read blocked there stalled every other
 * user of the pool (MCP clients' responses among them) until the worker was ready. Here a shell stands in for the
 * training worker and says it is ready only once the test lets it.
 */
class WorkerAotCacheTrainingTest {

    @TempDir
    Path dir;

    @Test
    void waitingForTheTrainingWorkerHoldsNoThreadOfTheCommonPool() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/sh")), "a shell stands in for the training worker");
        WorkerAotCache cache = new WorkerAotCache(dir, Optional.empty(), "java -Xmx512m -cp app.jar Main");
        Path gate = dir.resolve("gate");
        // Ready (one byte) once the gate exists; then, when its input closes, it writes the cache as a worker does.
        Thread training = Thread.ofPlatform().start(() -> cache.train((scratch, output, modules) -> new ProcessBuilder(
                "/bin/sh", "-c", "while [ ! -e \"$0\" ]; do sleep 0.05; done; printf x; cat >/dev/null; "
                        + "printf cache > \"$1\"", gate.toString(), output.toString())));

        Thread reader = Awaitility.await().atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(20))
                .until(WorkerAotCacheTrainingTest::readingTheTrainingWorker, Optional::isPresent).orElseThrow();
        assertFalse(reader.getName().startsWith("ForkJoinPool.commonPool"),
                "the training worker's readiness is read on the common pool: " + reader.getName());

        Files.writeString(gate, "go");
        training.join();
        assertEquals("cache", Files.readString(cache.files().get(0)), "the trained cache was not kept");
    }

    /** The thread blocked reading the training worker's first byte, once the read has begun. */
    private static Optional<Thread> readingTheTrainingWorker() {
        return Thread.getAllStackTraces().entrySet().stream()
                .filter(e -> Arrays.stream(e.getValue()).anyMatch(f -> f.getClassName().startsWith(
                        WorkerAotCache.class.getName()))
                        && Arrays.stream(e.getValue()).anyMatch(f -> f.getMethodName().startsWith("read")
                                && f.getClassName().startsWith("java.io.")))
                .map(java.util.Map.Entry::getKey).findFirst();
    }
}
