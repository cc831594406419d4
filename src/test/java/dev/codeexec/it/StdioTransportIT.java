package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Drives the packaged server over stdio the way a desktop agent does: line-delimited JSON-RPC on
 * stdin/stdout. Every stdout line must be a protocol message, whatever the guest prints.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class StdioTransportIT {

    static StdioServer server;
    /** The files' name of the session that must end when the client quits, once its test opened it. */
    static String quitSession;

    @BeforeAll
    static void start() throws Exception {
        long start = System.nanoTime();
        server = StdioServer.start(Path.of("target/stdio-it-server.log"),
                Map.of("CODEEXEC_TEST_SECRET", "stdio-secret-must-not-leak"), "-Dquarkus.http.port=0",
                "-Dsandbox.workspace=target/it-workspace", "-Dcodeexec.data-dir=./target/it-data");
        JsonNode init = server.initialize("stdio-it").response();
        System.out.println("stdio: process start to initialize answer: "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
        assertEquals("code-execution-mcp", init.at("/result/serverInfo/name").asText());
    }

    @AfterAll
    static void stop() throws Exception {
        if (server == null) {
            return;
        }
        // The client quits: stdin closes, and the server stops as its sessions' processes would exit.
        int exit;
        try {
            exit = server.stop();
        } finally {
            server.close();
        }
        assertEquals(0, exit);
        if (quitSession != null) {
            Path workspace = Path.of("target/it-workspace");
            assertEquals("handler ran", java.nio.file.Files.readString(workspace.resolve(quitSession + ".txt")));
            try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(workspace.resolve(quitSession + ".zip").toFile())) {
                assertEquals("kept", new String(zip.getInputStream(zip.getEntry("a.txt")).readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8));
            }
        }
    }

    static JsonNode execute(Map<String, Object> args) throws Exception {
        return server.call("execute_code", args);
    }

    /**
     * A session holds a zip writer and an exit handler when the last test ends; {@link #stop} then quits as a desktop
     * client does, and the server must end the session as its process would exit (mutation-checked: without the
     * last runs at shutdown the handler's file is missing). Last: a later test's timeout kills the worker, and the
     * session with it.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void aSessionEndsAsItsProcessWouldExitWhenTheDesktopClientQuits() throws Exception {
        String name = "quit-" + System.nanoTime();
        JsonNode opened = execute(Map.of("session", "new", "code", "import atexit, zipfile\n"
                + "archive = zipfile.ZipFile('" + name + ".zip', 'w')\n"
                + "archive.writestr('a.txt', 'kept')\n"
                + "atexit.register(lambda: open('" + name + ".txt', 'w').write('handler ran'))"));
        assertEquals(0, opened.path("exit_code").asInt(), opened.toString());
        quitSession = name;
    }

    /**
     * Before it reports ready, the packaged server sends its ready warm-up (sandbox.ready-warmup-runs, 150 by default)
     * through the whole execution path, and counts it for nobody: readiness comes after the warm-up's last run, and
     * the tenant's figures hold no execution. First, before any call of a test stops the warm-up. Mutation-checked:
     * readiness without the warm-up's end finds no log line yet; the warm-up recorded counts its runs as executions.
     */
    @Test
    @Order(0)
    void theReadyWarmupComesBeforeReadinessAndCountsForNobody() throws Exception {
        org.awaitility.Awaitility.await("ready").atMost(java.time.Duration.ofMinutes(3))
                .until(() -> server.call("get_execution_stats", Map.of()).path("ready").asBoolean());
        JsonNode stats = server.call("get_execution_stats", Map.of());
        assertEquals(0, stats.at("/executions/total").asLong(), stats.toString());
        String log = java.nio.file.Files.readString(Path.of("target/stdio-it-server.log"));
        assertTrue(log.contains("ready warm-up: 150 of 150 runs in "), "no finished warm-up logged before ready");
        assertFalse(log.contains("execution finished:"), "a warm-up run was logged as an execution");
    }

    @Test
    void listsTheToolsOfTheGoldenFile() throws Exception {
        // The packaged jar over stdio advertises exactly what the golden tools/list of the tests holds.
        JsonNode golden = new ObjectMapper().readTree(Path.of("src/test/resources/tools-list.json").toFile());
        Map<String, JsonNode> listed = new TreeMap<>();
        server.request("tools/list", Map.of()).at("/result/tools").forEach(t -> listed.put(t.path("name").asText(), t));
        List<String> names = new ArrayList<>();
        golden.forEach(t -> names.add(t.path("name").asText()));
        assertEquals(names, List.copyOf(listed.keySet()));
        for (JsonNode expected : golden) {
            JsonNode actual = listed.get(expected.path("name").asText());
            for (String field : List.of("description", "inputSchema", "outputSchema")) {
                assertEquals(expected.path(field), actual.path(field), expected.path("name").asText() + " " + field);
            }
        }
    }

    @Test
    void nullArgumentsAreNotGivenAndNonObjectArgumentsAreInvalidParams() throws Exception {
        Map<String, Object> withNulls = new java.util.HashMap<>(Map.of("code", "print(1)"));
        withNulls.put("session", null);
        withNulls.put("timeout_s", null);
        assertEquals("1\n", execute(withNulls).path("stdout").asText());
        for (Object arguments : List.of("print(1)", List.of(1, 2))) {
            JsonNode refused = server.request("tools/call", Map.of("name", "execute_code", "arguments", arguments));
            assertEquals(-32602, refused.at("/error/code").asInt(), refused.toString());
            assertEquals("arguments: must be a JSON object of argument names and values, not "
                    + (arguments instanceof String ? "a string" : "an array"), refused.at("/error/message").asText());
        }
    }

    /** The framework cast params without checking: over stdio such a request was never answered. */
    @Test
    void paramsThatAreNotAnObjectAreInvalidParamsNotLeftUnanswered() throws Exception {
        for (String method : List.of("tools/call", "tools/list", "resources/read")) {
            JsonNode refused = server.request(method, List.of(1));
            assertEquals(-32602, refused.at("/error/code").asInt(), method + " " + refused);
            assertEquals("params: must be a JSON object, not an array", refused.at("/error/message").asText());
        }
    }

    @Test
    void guestOutputNeverReachesTheProtocolStream() throws Exception {
        JsonNode result = execute(Map.of("code",
                "import sys\nprint('not json {')\nsys.stdout.write('x' * 100000)\nprint('tail')\n1/0"));
        assertEquals(1, result.path("exit_code").asInt());
        assertTrue(result.path("stdout").asText().startsWith("not json {"));
        assertTrue(result.path("stderr").asText().contains("ZeroDivisionError"));
    }

    @Test
    void runsInAKillableWorkerFromThePackagedJar() throws Exception {
        JsonNode result = execute(Map.of("code", "x = 10**10**8", "timeout_s", 1));
        assertTrue(result.path("timed_out").asBoolean(), result.toString());
        assertEquals("3\n", execute(Map.of("code", "print(1 + 2)")).path("stdout").asText());
    }

    @Test
    void hostSecretsStayOutside() throws Exception {
        JsonNode result = execute(Map.of("code", "import os\nprint(os.environ.get('CODEEXEC_TEST_SECRET'))"));
        assertEquals("None\n", result.path("stdout").asText());
    }
}
