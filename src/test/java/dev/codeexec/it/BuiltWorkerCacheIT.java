package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.codeexec.sandbox.FileTrees;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The build prepares what sandbox workers need beside the jars (scripts/record-server-aot): GraalPy's resources and
 * the workers' ahead-of-time cache with its compiled library modules, for the default settings. A first start on a new
 * data directory, as a new install or a container without a volume makes, starts its workers with them at once: the
 * first, compiled by C1 alone, and the worker with both compilers that takes its place once it has served a run. The
 * build also recorded that first worker's command, so the server's own JVM launches it, on this data directory and
 * workspace; the next start launches the command its own first start recorded.
 */
class BuiltWorkerCacheIT {

    static final Path BUILT = Path.of("target/quarkus-app/worker-cache").toAbsolutePath();

    @Test
    void aFirstStartOnANewDataDirectoryStartsItsWorkersWithTheBuildsCache() throws Exception {
        assumeTrue(Runtime.version().feature() >= 25, "the one-step ahead-of-time cache needs JDK 25");
        Path cache = builtCache();
        // Recorded after the warm-up rounds: their regexes loaded TRegex's matcher classes, which building an
        // interpreter does not. Beside it, the library modules the training worker compiled, the spares' preload too.
        String classes = new String(Files.readAllBytes(cache), StandardCharsets.ISO_8859_1);
        assertTrue(classes.contains("TRegexDFAExecutorNode"), "the cache holds no class of the warm-up's regex work");
        Path modules = cache.resolveSibling(cache.getFileName().toString().replace(".aot", ".modules"));
        String compiled = Files.readString(modules, StandardCharsets.ISO_8859_1);
        assertTrue(compiled.contains("/json/decoder.py\0") && compiled.contains("/traceback.py\0"),
                "json and traceback were not among the compiled modules");

        Path data = fresh("target/built-cache-data");
        Path workspace = fresh("target/built-cache-workspace");
        Path log = Path.of("target/built-cache-server.log");
        // As an operator runs it (README): the launcher script, the default settings.
        List<String> command = new ArrayList<>(List.of("scripts/code-execution-mcp", "-Dquarkus.http.port=0",
                "-Dcodeexec.data-dir=./" + data, "-Dsandbox.workspace=" + workspace));
        try (StdioServer server = StdioServer.startCommand(log,
                Map.of("JAVA_HOME", System.getProperty("java.home")), command)) {
            server.initialize("built-cache-it");
            assertEquals("[1, 2]\n", server.call("execute_code",
                    Map.of("code", "import json\nprint(json.dumps([1, 2]))")).path("stdout").asText());
            assertTrue(Files.readString(log).matches(earlyWorkerTaken("the build's")),
                    "the build's record of the first worker was not launched with the server: see " + log);
            List<String> workers = new ArrayList<>(server.workerCommandLines());
            assertFalse(workers.isEmpty(), "no worker process under the server");
            // The first starts compiled by C1 alone; once it has served that run and fallen quiet, a worker with both
            // compilers takes its place, on the same cache, and serves the next call. The server's log says so, which
            // a snapshot of the processes could miss on a machine that stalls.
            Awaitility.await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200)).until(() -> {
                List<String> now = server.workerCommandLines();
                return now.size() == 1 && !now.get(0).contains(" -XX:TieredStopAtLevel=1 ")
                        && Files.readString(log).contains("took its place");
            });
            assertTrue(Files.readString(log).matches("(?s).*sandbox worker 1 \\(pid [0-9,]+\\) stopped: worker 2, "
                    + "compiled by C1 and C2, took its place.*"), "no quick worker was replaced: see " + log);
            workers.addAll(server.workerCommandLines());
            assertEquals("[1, 2]\n", server.call("execute_code",
                    Map.of("code", "import json\nprint(json.dumps([1, 2]))")).path("stdout").asText());
            String resources = BUILT.toRealPath().resolve("polyglot-resources").toString();
            for (String worker : workers) {
                assertTrue(worker.contains(" -XX:AOTCache=" + cache + " "), worker);
                assertTrue(worker.contains(" -Dcodeexec.worker.module-code=" + modules + " "), worker);
                // Under bwrap the worker reads them at /graalpy, where bwrap binds the build's copy.
                assertTrue(worker.contains(" -Dpolyglot.engine.resourcePath=" + resources)
                        || worker.contains(" -Dpolyglot.engine.resourcePath=/graalpy ")
                        && server.descendantCommandLines().stream().anyMatch(line -> line.contains(" --ro-bind "
                                + resources + "/") && line.contains(" /graalpy ")), worker);
            }
        }
        // The next start launches the first worker's command with the server's JVM, and the pool takes that process.
        Path record = data.resolve("first-worker.cmd");
        assertEquals(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"),
                Files.getPosixFilePermissions(record));
        Path again = Path.of("target/built-cache-server-again.log");
        try (StdioServer server = StdioServer.startCommand(again,
                Map.of("JAVA_HOME", System.getProperty("java.home")), command)) {
            server.initialize("built-cache-it");
            assertEquals("[1, 2]\n", server.call("execute_code",
                    Map.of("code", "import json\nprint(json.dumps([1, 2]))")).path("stdout").asText());
            assertTrue(Files.readString(again).matches(earlyWorkerTaken("the previous start's")),
                    "no early worker: see " + again);
        }
        try (Stream<Path> files = Files.list(data)) {
            List<String> names = files.map(p -> p.getFileName().toString()).toList();
            assertFalse(names.contains("polyglot-resources"), "GraalPy's resources were copied again: " + names);
            assertFalse(names.stream().anyMatch(n -> n.startsWith("worker-")), "a cache was recorded again: " + names);
        }
    }

    /** The pool's log line when it took the process launched with the server from {@code origin} record. */
    private static String earlyWorkerTaken(String origin) {
        return "(?s).*sandbox worker launched with the server \\(pid [0-9,]+\\), [0-9,]+ ms before the pool asked for "
                + "it, taken as its first \\(" + origin + " record\\).*";
    }

    private static Path builtCache() throws IOException {
        assertTrue(Files.isDirectory(BUILT), "the build prepared no worker cache (scripts/record-server-aot)");
        try (Stream<Path> files = Files.list(BUILT)) {
            List<Path> caches = files.filter(p -> p.getFileName().toString().endsWith(".aot")).toList();
            assertEquals(1, caches.size(), "one cache for the default settings: " + caches);
            return caches.get(0);
        }
    }

    private static Path fresh(String dir) throws IOException {
        Path path = Path.of(dir);
        FileTrees.delete(path);
        return path;
    }
}
