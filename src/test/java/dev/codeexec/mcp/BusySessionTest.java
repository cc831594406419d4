package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * A foreground call to a session another foreground call is running in waits only within its own timeout_s, then
 * is refused naming the session and the run holding it; the holder is released by a workspace file the test
 * writes, so nothing depends on timing.
 */
@QuarkusTest
class BusySessionTest {

    @Test
    void aForegroundCallWaitsForABusySessionOnlyWithinItsTimeout() throws Exception {
        SandboxWarm.awaitReady();
        McpCalls mcp = new McpCalls();
        McpCalls holder = new McpCalls();
        String session = SessionsTest.open(mcp, "pass");
        String gate = BackgroundRunsTest.gate();
        String started = "started-" + UUID.randomUUID() + ".txt";
        CompletableFuture<ToolResponse> first = CompletableFuture.supplyAsync(() -> holder.call("execute_code",
                Map.of("code", "x = 41\nopen('" + started + "', 'w').write('1')\n" + BackgroundRunsTest.waitFor(gate),
                        "session", session, "timeout_s", 120)));
        Awaitility.await().atMost(Duration.ofSeconds(120))
                .until(() -> first.isDone() || Files.exists(BackgroundRunsTest.WORKSPACE.resolve(started)));
        assertFalse(first.isDone(), () -> "the holding run ended early: " + McpCalls.text(first.join()));

        ToolResponse busy = mcp.call("execute_code", Map.of("code", "print(x)", "session", session, "timeout_s", 1));
        String text = McpCalls.text(busy);
        assertTrue(busy.isError(), text);
        assertTrue(text.startsWith("session: is busy: a foreground execute_code call (timeout_s 120"), text);
        assertTrue(text.contains("this call's timeout_s of 1 s ran out, and this call did not run"), text);
        ToolResponse background = mcp.call("execute_code", Map.of("code", "print(x)", "session", session,
                "background", true));
        assertTrue(background.isError(), McpCalls.text(background));
        assertTrue(McpCalls.text(background).startsWith("session: is busy: a foreground execute_code call"),
                McpCalls.text(background));

        BackgroundRunsTest.open(gate);
        ToolResponse done = first.get();
        assertFalse(done.isError(), McpCalls.text(done));
        assertEquals(0, JsonObject.mapFrom(done.structuredContent()).getInteger("exit_code"));
        // Nothing was lost: the refused calls never touched the session.
        assertEquals("42\n", mcp.exec(Map.of("code", "print(x + 1)", "session", session)).stdout());
    }
}
