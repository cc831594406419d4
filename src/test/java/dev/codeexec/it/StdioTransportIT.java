package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Drives the packaged server over stdio the way a desktop agent does: line-delimited JSON-RPC on
 * stdin/stdout. Every stdout line must be a protocol message, whatever the guest prints.
 */
class StdioTransportIT {

    static final ObjectMapper JSON = new ObjectMapper();
    static Process server;
    static OutputStream toServer;
    static final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    static int nextId = 1;
    static long initializeMillis;

    @BeforeAll
    static void start() throws Exception {
        Path jar = Path.of("target/quarkus-app/quarkus-run.jar");
        assertTrue(Files.exists(jar), "package the server first (mvn verify does)");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(java, "-Dquarkus.http.port=0",
                "-Dsandbox.workspace=target/it-workspace", "-Dcodeexec.data-dir=./target/it-data",
                "-jar", jar.toString());
        builder.redirectError(ProcessBuilder.Redirect.appendTo(Path.of("target/stdio-it-server.log").toFile()));
        builder.environment().put("CODEEXEC_TEST_SECRET", "stdio-secret-must-not-leak");
        long start = System.nanoTime();
        server = builder.start();
        toServer = server.getOutputStream();
        Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // server gone
            }
        });
        JsonNode init = request("initialize", Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(),
                "clientInfo", Map.of("name", "stdio-it", "version", "1")));
        initializeMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        System.out.println("stdio: process start to initialize answer: " + initializeMillis + " ms");
        assertEquals("code-execution-mcp", init.at("/result/serverInfo/name").asText());
        send(Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    static void send(Map<String, Object> message) throws IOException {
        toServer.write((JSON.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
        toServer.flush();
    }

    /** Sends a request and returns its response; every line read on the way must be JSON-RPC. */
    static JsonNode request(String method, Map<String, Object> params) throws Exception {
        int id = nextId++;
        send(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params));
        long deadline = System.currentTimeMillis() + 180_000;
        while (System.currentTimeMillis() < deadline) {
            String line = lines.poll(1, TimeUnit.SECONDS);
            if (line == null) {
                assertTrue(server.isAlive(), "server exited; see target/stdio-it-server.log");
                continue;
            }
            JsonNode message = JSON.readTree(line);
            assertEquals("2.0", message.path("jsonrpc").asText(), "non-protocol line on stdout: " + line);
            if (message.path("id").asInt(-1) == id) {
                return message;
            }
        }
        throw new AssertionError("no answer to " + method);
    }

    static JsonNode execute(Map<String, Object> args) throws Exception {
        JsonNode response = request("tools/call", Map.of("name", "execute_code", "arguments", args));
        assertFalse(response.at("/result/isError").asBoolean(), response.toString());
        return response.at("/result/structuredContent");
    }

    @Test
    void listsTheTools() throws Exception {
        JsonNode tools = request("tools/list", Map.of()).at("/result/tools");
        List<String> names = new java.util.ArrayList<>();
        tools.forEach(t -> names.add(t.path("name").asText()));
        assertTrue(names.contains("execute_code"), names.toString());
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
        JsonNode result = execute(Map.of("code", "x = 10**10**8", "timeout_s", 2));
        assertTrue(result.path("timed_out").asBoolean(), result.toString());
        assertEquals("3\n", execute(Map.of("code", "print(1 + 2)")).path("stdout").asText());
    }

    @Test
    void hostSecretsStayOutside() throws Exception {
        JsonNode result = execute(Map.of("code", "import os\nprint(os.environ.get('CODEEXEC_TEST_SECRET'))"));
        assertEquals("None\n", result.path("stdout").asText());
    }
}
