package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.codeexec.sandbox.FileTrees;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two packaged servers started at once from one directory with one data directory, as two desktop
 * clients configured with the same command start them: both work fully, share the skills store both
 * ways, and the one that cannot have the HTTP port says so before it answers initialize. Then the
 * server holding the database exits, and later one is killed, while another keeps working.
 * No server is waited for to finish starting: each hand-over may come while the next one still imports its
 * starter skills through the database, as when one desktop client quits while another starts.
 */
class SharedDataDirIT {

    static final Path DATA = Path.of("target/shared-it-data");
    static final String DESCRIPTION = "Holds a value saved by one of two servers.";
    /** An ERROR line about the store: what a second server on one H2 file used to print. */
    static final Pattern DATABASE_ERROR = Pattern.compile(
            "(?i)^\\S+ \\S+ ERROR .*(database|h2|jdbc|sql|hibernate|flyway|transaction)");

    final List<StdioServer> servers = new ArrayList<>();

    @AfterEach
    void stopAll() throws InterruptedException {
        for (StdioServer s : servers) {
            s.close();
        }
    }

    StdioServer start(String name, int httpPort) throws IOException {
        StdioServer server = StdioServer.start(Path.of("target/shared-it-" + name + ".log"), Map.of(),
                "-Dcodeexec.data-dir=./" + DATA, "-Dsandbox.workspace=target/shared-it-workspace",
                "-Dquarkus.http.port=" + httpPort, "-Dsandbox.max-concurrent=1");
        servers.add(server);
        return server;
    }

    @Test
    void twoServersFromOneDirectoryShareTheSkillsStore() throws Exception {
        FileTrees.delete(DATA);
        int port = FreePorts.next();
        StdioServer a = start("a", port);
        StdioServer b = start("b", port);
        StdioServer.Initialized initA = a.initialize("shared-a");
        StdioServer.Initialized initB = b.initialize("shared-b");
        assertEquals("code-execution-mcp", initA.response().at("/result/serverInfo/name").asText());
        assertEquals("code-execution-mcp", initB.response().at("/result/serverInfo/name").asText());

        // One of them has the HTTP port; the other said, before answering, that it serves stdio only.
        String notice = "(http_port_in_use): port " + port;
        boolean aGaveUp = initA.stderrBefore().contains(notice);
        boolean bGaveUp = initB.stderrBefore().contains(notice);
        assertTrue(aGaveUp != bGaveUp, () -> "exactly one server must give up the port before initialize, but "
                + (aGaveUp ? "both did:\n" + noticeLine(initA) + "\n" + noticeLine(initB) : "neither did")
                + "\nsee target/shared-it-*.log");

        assertEquals(1, a.call("save_skill", save("from_a", "X = 'a'\n")).path("version").asInt());
        assertTrue(names(b.call("list_skills", Map.of("query", "from_a"))).contains("from_a"));
        assertEquals("X = 'a'\n", b.call("load_skill", Map.of("name", "from_a")).path("code").asText());
        assertEquals(2, b.call("save_skill", save("from_a", "X = 'b'\n")).path("version").asInt());
        JsonNode seenByA = a.call("load_skill", Map.of("name", "from_a"));
        assertEquals(2, seenByA.path("version").asInt());
        assertEquals("X = 'b'\n", seenByA.path("code").asText());

        interleavedSavesOfOneNameGetConsecutiveVersions(a, b);

        assertEquals(0, a.stop());
        assertEquals(1, b.call("save_skill", save("after_a", "X = 1\n")).path("version").asInt());
        assertTrue(names(b.call("list_skills", Map.of("query", "after_a"))).contains("after_a"));

        // B now serves the database whichever of the two held it first. A third server joins, B exits,
        // and C takes over; a fourth joins and writes through C, C is killed, and D takes over with that write.
        StdioServer c = start("c", port);
        c.initialize("shared-c");
        assertEquals(1, c.call("load_skill", Map.of("name", "after_a")).path("version").asInt());
        assertEquals(0, b.stop());
        assertEquals(2, c.call("delete_skill", Map.of("name", "from_a")).path("versions_deleted").asInt());
        assertFalse(names(c.call("list_skills", Map.of("query", "from_a"))).contains("from_a"));
        StdioServer d = start("d", port);
        d.initialize("shared-d");
        assertEquals(1, d.call("delete_skill", Map.of("name", "after_a")).path("versions_deleted").asInt());
        c.kill();
        assertFalse(names(d.call("list_skills", Map.of("query", "after_a"))).contains("after_a"));
        assertEquals(6, d.call("delete_skill", Map.of("name", "interleaved")).path("versions_deleted").asInt());
        assertEquals(0, d.stop());

        for (StdioServer s : servers) {
            String stderr = s.stderr();
            assertFalse(stderr.contains("Database may be already in use"), stderr);
            assertTrue(stderr.lines().noneMatch(l -> DATABASE_ERROR.matcher(l).find()), stderr);
        }
        assertFalse(a.stderr().contains(notice) && b.stderr().contains(notice), "both gave up the port");
    }

    /** Three saves through each server at once: six distinct versions 1 to 6, none lost. */
    private static void interleavedSavesOfOneNameGetConsecutiveVersions(StdioServer a, StdioServer b)
            throws Exception {
        // Own threads: the common pool has a single worker on a 2-core machine and would not interleave.
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Future<List<Integer>> throughA = pool.submit(() -> saveThree(a, "a"));
        Future<List<Integer>> throughB = pool.submit(() -> saveThree(b, "b"));
        Set<Integer> versions = new TreeSet<>(throughA.get());
        versions.addAll(throughB.get());
        pool.shutdown();
        assertEquals(Set.of(1, 2, 3, 4, 5, 6), versions, "A got " + throughA.get() + ", B got " + throughB.get());
        Set<String> codes = new TreeSet<>();
        for (int v = 1; v <= 6; v++) {
            codes.add(b.call("load_skill", Map.of("name", "interleaved", "version", v)).path("code").asText());
        }
        assertEquals(Set.of("X = 'a0'\n", "X = 'a1'\n", "X = 'a2'\n", "X = 'b0'\n", "X = 'b1'\n", "X = 'b2'\n"),
                codes);
    }

    private static List<Integer> saveThree(StdioServer server, String tag) throws Exception {
        List<Integer> versions = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            versions.add(server.call("save_skill", save("interleaved", "X = '" + tag + i + "'\n"))
                    .path("version").asInt());
        }
        return versions;
    }

    private static Map<String, Object> save(String name, String code) {
        return Map.of("name", name, "description", DESCRIPTION, "code", code);
    }

    private static String noticeLine(StdioServer.Initialized init) {
        return init.stderrBefore().lines().filter(l -> l.contains("http_port_in_use")).findFirst().orElse("");
    }

    private static List<String> names(JsonNode page) {
        List<String> names = new ArrayList<>();
        page.path("skills").forEach(s -> names.add(s.path("name").asText()));
        return names;
    }

}
