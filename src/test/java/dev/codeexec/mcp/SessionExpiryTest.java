package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.tenant.Tenants;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** A session whose handle expires idle ends as a reset ends it, as its process would exit, with nobody calling. */
@QuarkusTest
@TestProfile(ShortSessionTtl.class)
class SessionExpiryTest {

    @Inject
    SandboxService sandbox;

    @Test
    void anIdleSessionEndsAsItsProcessWouldExit() throws IOException {
        SandboxWarm.awaitReady();
        McpCalls mcp = new McpCalls();
        String name = "expired-" + System.nanoTime();
        String s = SessionsTest.open(mcp, "import atexit, tempfile, zipfile\n"
                + "archive = zipfile.ZipFile('" + name + ".zip', 'w')\n"
                + "archive.writestr('a.txt', 'kept')\n"
                + "scratch = tempfile.NamedTemporaryFile(dir='.', prefix='" + name + "-tmp')\n"
                + "atexit.register(lambda: open('" + name + ".txt', 'w').write('handler ran'))");
        Path workspace = Path.of(ShortSessionTtl.WORKSPACE);
        Path handlerFile = workspace.resolve(name + ".txt");
        // Nobody calls again: the sweep finds the handle expired and gives the session its last run, which runs the
        // exit handlers and then closes the files left open one by one (the handler's own file among them), so the
        // wait is for all of them.
        Awaitility.await("the expired session's last run ended").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> Files.exists(handlerFile) && Files.size(handlerFile) > 0
                        && hasZipTrailer(workspace.resolve(name + ".zip")) && temporaryFiles(workspace, name) == 0);
        assertEquals("handler ran", Files.readString(handlerFile, StandardCharsets.UTF_8));
        try (ZipFile zip = new ZipFile(workspace.resolve(name + ".zip").toFile())) {
            assertEquals("kept", new String(zip.getInputStream(zip.getEntry("a.txt")).readAllBytes(),
                    StandardCharsets.UTF_8));
        }
        ToolResponse after = mcp.call("execute_code", Map.of("code", "pass", "session", s));
        assertTrue(after.isError());
        assertTrue(McpCalls.text(after).startsWith("session: no such session for this tenant"), McpCalls.text(after));
        assertTrue(McpCalls.text(after).endsWith("which expires after 2 idle seconds, or open another with "
                + "session=\"new\""), McpCalls.text(after));
        Files.delete(handlerFile);
        Files.delete(workspace.resolve(name + ".zip"));
    }

    private static boolean hasZipTrailer(Path zip) {
        try (ZipFile ignored = new ZipFile(zip.toFile())) {
            return true;
        } catch (IOException notYet) {
            return false;
        }
    }

    private static long temporaryFiles(Path workspace, String name) throws IOException {
        try (Stream<Path> left = Files.list(workspace)) {
            return left.filter(p -> p.getFileName().toString().startsWith(name + "-tmp")).count();
        }
    }

    /**
     * A background run may outlast the idle TTL (by up to an hour at the defaults): its session is not idle meanwhile,
     * and its TTL counts from the run's end, so the caller finds it there to go on with; the PII vault it acts for
     * lives as long as it does (mutation-checked: without the in-use rule the handle expires under the run and is
     * gone when it ends; without the renewal at the end it is gone at the caller's next call; without the session
     * holding its vault the vault's tokens are forgotten after the vault's own 2 s).
     */
    @Test
    void aSessionHeldByARunLongerThanTheTtlOutlivesIt() throws Exception {
        SandboxWarm.awaitReady();
        McpCalls mcp = new McpCalls();
        ToolResponse opened = mcp.call("execute_code", Map.of("code", "x = 41", "session", "new", "timeout_s", 10));
        assertFalse(opened.isError(), McpCalls.text(opened));
        String s = JsonObject.mapFrom(opened.structuredContent()).getString("session");
        String vault = JsonObject.mapFrom(opened.structuredContent()).getString("vault");
        ToolResponse sanitized = mcp.call("sanitize_pii", Map.of("text", "mail jane.doe@example.com", "vault", vault));
        assertFalse(sanitized.isError(), McpCalls.text(sanitized));
        String tokenized = JsonObject.mapFrom(sanitized.structuredContent()).getString("text");
        assertEquals("mail <EMAIL_ADDRESS_1>", tokenized);
        String gate = "gate-" + System.nanoTime() + ".txt";
        ToolResponse started = mcp.call("execute_code", Map.of("code", "import os, time\n"
                + "while not os.path.exists('" + gate + "'):\n    time.sleep(0.02)\nx += 1", "session", s,
                "background", true));
        assertFalse(started.isError(), McpCalls.text(started));
        String id = JsonObject.mapFrom(started.structuredContent()).getString("execution_id");
        // Past the TTL and a sweep, with nothing calling in the session: what is being checked is that time passing
        // does not take it away, so the wait is the test's subject, not its synchronisation.
        Awaitility.await("the held session stayed past its TTL").during(Duration.ofSeconds(4))
                .atMost(Duration.ofSeconds(10)).until(() -> sandbox.sessions(Tenants.LOCAL).size() == 1);
        Files.writeString(Path.of(ShortSessionTtl.WORKSPACE).resolve(gate), "go");
        JsonObject view;
        do {
            ToolResponse polled = mcp.call("get_execution", Map.of("execution_id", id, "wait_s", 30));
            assertFalse(polled.isError(), McpCalls.text(polled));
            view = JsonObject.mapFrom(polled.structuredContent());
        } while (!view.getString("status").equals("finished"));
        assertEquals(0, view.getInteger("exit_code"), view.encode());
        assertEquals("42\n", mcp.exec(Map.of("code", "print(x)", "session", s)).stdout());
        ToolResponse restored = mcp.call("restore_pii", Map.of("text", tokenized, "vault", vault));
        assertFalse(restored.isError(), McpCalls.text(restored));
        assertEquals("mail jane.doe@example.com", JsonObject.mapFrom(restored.structuredContent()).getString("text"));
        Files.delete(Path.of(ShortSessionTtl.WORKSPACE).resolve(gate));
    }
}
