package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
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
        // Nobody calls again: the sweep finds the handle expired and gives the session its last run.
        Awaitility.await("the expired session's exit handler ran").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> Files.exists(handlerFile) && Files.size(handlerFile) > 0);
        assertEquals("handler ran", Files.readString(handlerFile, StandardCharsets.UTF_8));
        try (ZipFile zip = new ZipFile(workspace.resolve(name + ".zip").toFile())) {
            assertEquals("kept", new String(zip.getInputStream(zip.getEntry("a.txt")).readAllBytes(),
                    StandardCharsets.UTF_8));
        }
        try (Stream<Path> left = Files.list(workspace)) {
            assertEquals(0, left.filter(p -> p.getFileName().toString().startsWith(name + "-tmp")).count(),
                    "the temporary file was not removed");
        }
        ToolResponse after = mcp.call("execute_code", Map.of("code", "pass", "session", s));
        assertTrue(after.isError());
        assertTrue(McpCalls.text(after).startsWith("session: no such session for this tenant"), McpCalls.text(after));
        Files.delete(handlerFile);
        Files.delete(workspace.resolve(name + ".zip"));
    }
}
