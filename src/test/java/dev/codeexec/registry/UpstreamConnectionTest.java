package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.it.FreePorts;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One upstream stdio server (.ci/upstream/test-server.mjs) through one connection: a tool call that outlives the
 * timeout fails alone while the server answers ping, and a server whose process ends fails its calls at once and
 * is started again on the next one.
 */
@Execution(ExecutionMode.CONCURRENT)
class UpstreamConnectionTest {

    private static final Path SERVER = Path.of(".ci/upstream/test-server.mjs").toAbsolutePath();
    private static final Path HTTP_SERVER = Path.of(".ci/upstream/test-http-server.mjs").toAbsolutePath();

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private UpstreamConnection connection;

    @BeforeEach
    void connect() {
        RegistrySettings.Server server = new RegistrySettings.Server("t", Optional.of("node"),
                List.of(SERVER.toString()), Map.of(), Optional.empty());
        connection = new UpstreamConnection(server, Duration.ofSeconds(5), Duration.ofSeconds(60),
                new JacksonMcpJsonMapper(JsonMapper.builder().build()), executor, () -> { });
        List<ToolDefinition> tools = connection.listTools();
        assertEquals(9, tools.size());
        // Another server's description is cut where a model would read it whole.
        ToolDefinition wordy = tools.stream().filter(t -> t.name().equals("wordy")).findFirst().orElseThrow();
        assertTrue(wordy.description().length() < 4100 && wordy.description().endsWith(" of 110028 characters]"),
                wordy.description().substring(wordy.description().length() - 60));
        assertEquals(300, wordy.summary().indexOf(" [... cut at 300"), wordy.summary());
    }

    @AfterEach
    void close() {
        connection.close();
        executor.shutdownNow();
    }

    /** An HTTP server that restarted forgot the session: the connection opens a new one and the call goes through. */
    @Test
    void anHttpServerThatRestartedIsReachedThroughANewSession() throws Exception {
        // Below the ephemeral range: between the two servers, a client connection could take an ephemeral port.
        int port = FreePorts.next();
        Path log = Files.createTempFile("upstream-http", ".log");
        Process first = httpServer(port, log);
        UpstreamConnection web = new UpstreamConnection(new RegistrySettings.Server("web", Optional.empty(), List.of(),
                Map.of(), Optional.of("http://127.0.0.1:" + port + "/mcp")), Duration.ofSeconds(5),
                Duration.ofSeconds(60), new JacksonMcpJsonMapper(JsonMapper.builder().build()), executor, () -> { });
        Process second = null;
        try {
            assertEquals(first.pid(), ((Number) web.call("pid", "pid", Map.of()).value()).longValue());
            first.destroy();
            first.waitFor();
            second = httpServer(port, log);
            assertEquals(second.pid(), ((Number) web.call("pid", "pid", Map.of()).value()).longValue(),
                    () -> "the servers' stderr: " + read(log));
            assertEquals("connected", web.status().state());
        } catch (UpstreamCallException e) {
            throw new AssertionError(e.getMessage() + "; the servers' stderr: " + read(log), e);
        } finally {
            web.close();
            first.destroyForcibly();
            if (second != null) {
                second.destroyForcibly();
            }
            Files.deleteIfExists(log);
        }
    }

    private static Process httpServer(int port, Path log) throws IOException {
        Process p = new ProcessBuilder("node", HTTP_SERVER.toString(), Integer.toString(port))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptionsInstanceOf(IOException.class).until(() -> {
            if (!p.isAlive()) {
                throw new IllegalStateException("the server on port " + port + " exited: " + read(log));
            }
            try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
                return true;
            }
        });
        return p;
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** A tool's own failure (isError) is its text parts, whatever else it returned, and the server stays up. */
    @Test
    void aToolsOwnFailureIsItsTextAndNotTheServers() {
        UpstreamCallException refused = assertThrows(UpstreamCallException.class,
                () -> connection.call("refuse", "refuse", Map.of()));
        assertEquals("refuse: upstream tool 'refuse' on server 't' failed: no record 42", refused.getMessage());
        assertEquals(UpstreamCallException.Failure.TOOL_FAILED, refused.failure());
        assertEquals("connected", connection.status().state());
    }

    @Test
    void aSlowToolFailsAloneAndTheConnectionGoesOn() {
        Object pid = connection.call("pid", "pid", Map.of()).value();
        UpstreamCallException slow = assertThrows(UpstreamCallException.class,
                () -> connection.call("slow", "slow", Map.of("seconds", 30)));
        assertTrue(slow.getMessage().contains("tools/call timed out after 5 s")
                && slow.getMessage().contains("the server is up (it answers ping): the tool took longer"),
                slow.getMessage());
        assertEquals(UpstreamCallException.Failure.TIMEOUT, slow.failure());
        assertEquals("connected", connection.status().state());
        assertEquals(pid, connection.call("pid", "pid", Map.of()).value(), "the same process answers");
    }

    @Test
    void aServerWhoseProcessEndsFailsTheCallAtOnceAndStartsAgain() {
        Object pid = connection.call("pid", "pid", Map.of()).value();
        UpstreamCallException crash = assertThrows(UpstreamCallException.class,
                () -> connection.call("crash", "crash", Map.of()));
        assertTrue(crash.getMessage().contains("its process exited during tools/call"), crash.getMessage());
        assertEquals(UpstreamCallException.Failure.UNAVAILABLE, crash.failure());
        assertNotEquals(pid, connection.call("pid", "pid", Map.of()).value(), "a new process answers the next call");
    }
}
