package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Background runs over MCP: paging, long-polling, cancelling, ownership, promotion with wait_s and busy sessions.
 * A run that must stay running until the test has looked waits for a workspace file the test creates, so no
 * assertion depends on timing.
 */
@QuarkusTest
class BackgroundRunsTest {

    static final Path WORKSPACE = Path.of("target/test-workspace");

    McpCalls mcp;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
    }

    /** Guest code that blocks until the test creates {@code gate}. */
    static String waitFor(String gate) {
        return "import os, time\nwhile not os.path.exists('" + gate + "'):\n    time.sleep(0.02)\n";
    }

    static String gate() {
        return "gate-" + UUID.randomUUID() + ".txt";
    }

    static void open(String gate) throws IOException {
        Files.createDirectories(WORKSPACE);
        Files.writeString(WORKSPACE.resolve(gate), "go");
    }

    JsonObject structured(ToolResponse r) {
        assertFalse(r.isError(), () -> "tool error: " + McpCalls.text(r));
        return JsonObject.mapFrom(r.structuredContent());
    }

    String start(McpCalls calls, Map<String, Object> args) {
        Map<String, Object> all = new HashMap<>(args);
        all.put("background", true);
        JsonObject started = structured(calls.call("execute_code", all));
        // A short run may have finished on a warm worker before its start is answered.
        assertTrue(Set.of("queued", "running", "finished").contains(started.getString("status")), started.encode());
        return started.getString("execution_id");
    }

    JsonObject get(McpCalls calls, String id, long stdoutOffset, long stderrOffset, int waitS, int maxBytes) {
        return structured(calls.call("get_execution", Map.of("execution_id", id, "stdout_offset", stdoutOffset,
                "stderr_offset", stderrOffset, "wait_s", waitS, "max_bytes", maxBytes)));
    }

    JsonObject awaitFinished(McpCalls calls, String id) {
        JsonObject view = get(calls, id, 0, 0, 30, 4);
        while (!view.getString("status").equals("finished")) {
            // Offsets at the ends of the streams: the poll returns on new output or the end, never at once.
            view = get(calls, id, view.getLong("next_stdout_offset"), view.getLong("next_stderr_offset"), 30, 4);
        }
        return view;
    }

    /** Reads both streams page by page from offset 0, as a client would. */
    String[] readAll(McpCalls calls, String id, int maxBytes) {
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        long o = 0;
        long e = 0;
        while (true) {
            JsonObject page = get(calls, id, o, e, 0, maxBytes);
            assertFalse(page.getBoolean("dropped"));
            out.append(page.getString("stdout"));
            err.append(page.getString("stderr"));
            o = page.getLong("next_stdout_offset");
            e = page.getLong("next_stderr_offset");
            if (!page.getBoolean("has_more")) {
                return new String[] {out.toString(), err.toString()};
            }
        }
    }

    @Test
    void pagesReassembleExactlyWhatWasPrintedIncludingMultiByteCharacters() {
        String code = "import sys\nfor i in range(400):\n    print(i, 'é€😀' * (i % 5))\n"
                + "    if i % 50 == 0:\n        print('warn', i, '✓', file=sys.stderr)\n";
        StringBuilder expectedOut = new StringBuilder();
        StringBuilder expectedErr = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            expectedOut.append(i).append(' ').append("é€😀".repeat(i % 5)).append('\n');
            if (i % 50 == 0) {
                expectedErr.append("warn ").append(i).append(" ✓\n");
            }
        }
        String id = start(mcp, Map.of("code", code));
        JsonObject done = awaitFinished(mcp, id);
        assertEquals(0, done.getInteger("exit_code"));
        assertFalse(done.getBoolean("cancelled"));
        // 997 bytes a page: pages end inside 2-, 3- and 4-byte characters, which must move to the next page.
        String[] all = readAll(mcp, id, 997);
        assertEquals(expectedOut.toString(), all[0]);
        assertEquals(expectedErr.toString(), all[1]);
    }

    @Test
    void longPollReturnsWhenOutputArrivesWhileTheRunGoesOn() throws IOException {
        String gate = gate();
        String id = start(mcp, Map.of("code", "print('ready', flush=True)\n" + waitFor(gate) + "print('after')"));
        JsonObject first = get(mcp, id, 0, 0, 30, 65536);
        while (first.getString("stdout").isEmpty()) {
            first = get(mcp, id, 0, 0, 30, 65536); // a poll of 30 s may end before a queued run prints
        }
        assertEquals("ready\n", first.getString("stdout"));
        assertEquals("running", first.getString("status"), "the run waits for the gate the test has not opened");
        assertNull(first.getInteger("exit_code"));
        open(gate);
        JsonObject second = get(mcp, id, first.getLong("next_stdout_offset"), 0, 30, 65536);
        assertEquals("after\n", second.getString("stdout"));
        assertEquals(0, awaitFinished(mcp, id).getInteger("exit_code"));
    }

    @Test
    void cancellingAFinishedRunChangesNothingAndCancelStopsARunningOne() {
        String id = start(mcp, Map.of("code", "print('done')"));
        awaitFinished(mcp, id);
        JsonObject finished = get(mcp, id, 0, 0, 0, 65536);
        JsonObject cancelled = structured(mcp.call("cancel_execution", Map.of("execution_id", id)));
        assertEquals("finished", cancelled.getString("status"));
        assertFalse(cancelled.getBoolean("cancelled"));
        structured(mcp.call("cancel_execution", Map.of("execution_id", id)));
        assertEquals(finished, get(mcp, id, 0, 0, 0, 65536), "a finished run stays as it was");

        String spinning = start(mcp, Map.of("code", "print('spinning', flush=True)\nwhile True:\n    pass"));
        JsonObject seen = get(mcp, spinning, 0, 0, 30, 65536);
        while (seen.getString("stdout").isEmpty()) {
            seen = get(mcp, spinning, 0, 0, 30, 65536);
        }
        JsonObject stopped = structured(mcp.call("cancel_execution", Map.of("execution_id", spinning)));
        JsonObject end = stopped.getString("status").equals("finished") ? stopped : awaitFinished(mcp, spinning);
        assertTrue(end.getBoolean("cancelled"), end.encode());
        assertEquals(130, end.getInteger("exit_code"));
        assertEquals(end, structured(mcp.call("cancel_execution", Map.of("execution_id", spinning))),
                "cancelling again changes nothing");
        assertEquals("next\n", mcp.exec("print('next')").stdout());
    }

    @Test
    void anotherConnectionOfTheTenantReadsTheRunAndAnUnknownIdIsRefused() throws IOException {
        String gate = gate();
        String id = start(mcp, Map.of("code", waitFor(gate) + "print('mine')"));
        McpCalls other = new McpCalls();
        ToolResponse peek = other.call("get_execution", Map.of("execution_id", id));
        assertFalse(peek.isError(), McpCalls.text(peek));
        ToolResponse unknown = other.call("cancel_execution", Map.of("execution_id",
                id.substring(0, id.lastIndexOf('.') + 1) + "0".repeat(32)));
        assertTrue(McpCalls.text(unknown).startsWith("execution_id: no such execution"), McpCalls.text(unknown));
        open(gate);
        JsonObject end = awaitFinished(other, id);
        assertFalse(end.getBoolean("cancelled"));
        assertEquals("mine\n", readAll(new McpCalls(), id, 65536)[0]);
    }

    /**
     * A background run that tokenized through {@code import pii} names its vault in the views any connection reads,
     * so its tokens restore on a connection of their own; a run that tokenized nothing names none.
     */
    @Test
    void aBackgroundRunThatTokenizedNamesItsVaultToAnyConnection() {
        String id = start(mcp, Map.of("code", "import pii\nprint(pii.sanitize('mail background@example.com'))"));
        JsonObject end = awaitFinished(new McpCalls(), id);
        String tokens = readAll(new McpCalls(), id, 65536)[0];
        assertEquals("mail <EMAIL_ADDRESS_1>\n", tokens);
        String vault = end.getString("vault");
        assertTrue(vault != null, "the finished view names the vault: " + end.encode());
        assertEquals("mail background@example.com\n", structured(new McpCalls().call("restore_pii",
                Map.of("text", tokens, "vault", vault))).getString("text"));

        McpCalls clean = new McpCalls();
        String plain = start(clean, Map.of("code", "print('nothing personal')"));
        assertNull(awaitFinished(clean, plain).getString("vault"), "a run that tokenized nothing names no vault");
    }

    @Test
    void waitSReturnsTheResultOfAShortRunAndPromotesALongOne() throws IOException {
        JsonObject quick = structured(mcp.call("execute_code", Map.of("code", "print(6 * 7)", "wait_s", 60)));
        assertEquals("42\n", quick.getString("stdout"));
        assertEquals(0, quick.getInteger("exit_code"));
        assertFalse(quick.containsKey("execution_id"), "a run that ended in time is an ordinary result");

        String gate = gate();
        String code = waitFor(gate) + "import sys\nprint('é' * 3000)\nprint('to stderr', file=sys.stderr)\nsys.exit(3)";
        JsonObject promoted = structured(mcp.call("execute_code", Map.of("code", "print('so far', flush=True)\n"
                + code, "wait_s", 1)));
        assertEquals("running", promoted.getString("status"), "the run waits for the gate the test has not opened");
        String id = promoted.getString("execution_id");
        String soFar = promoted.getString("stdout");
        assertTrue("so far\n".startsWith(soFar), soFar);
        open(gate);
        JsonObject end = awaitFinished(mcp, id);
        McpCalls.Exec synchronous = mcp.exec(Map.of("code", "print('so far', flush=True)\n" + code));
        String[] all = readAll(mcp, id, 1000);
        assertEquals(synchronous.stdout(), all[0]);
        assertEquals(synchronous.stderr(), all[1]);
        assertEquals(synchronous.exitCode(), end.getInteger("exit_code"));
        assertEquals(synchronous.timedOut(), end.getBoolean("timed_out"));
        assertEquals(synchronous.truncated(), end.getBoolean("truncated"));
    }

    @Test
    void aSessionRunningInTheBackgroundIsBusyForOtherCalls() throws IOException {
        String gate = gate();
        String bg = SessionsTest.open(mcp, "pass");
        String id = start(mcp, Map.of("code", "x = 41\n" + waitFor(gate), "session", bg));
        ToolResponse busy = mcp.call("execute_code", Map.of("code", "print(x)", "session", bg));
        assertTrue(busy.isError());
        assertTrue(McpCalls.text(busy).contains("busy") && McpCalls.text(busy).contains(id), McpCalls.text(busy));
        assertTrue(mcp.call("reset_session", Map.of("session", bg)).isError());
        open(gate);
        awaitFinished(mcp, id);
        assertEquals("42\n", mcp.exec(Map.of("code", "print(x + 1)", "session", bg)).stdout());
    }

    @Test
    void badArgumentsNameTheFieldAndLimit() {
        String id = start(mcp, Map.of("code", "pass"));
        assertTrue(McpCalls.text(mcp.call("get_execution", Map.of("execution_id", id, "wait_s", 31))).contains("30"));
        assertTrue(McpCalls.text(mcp.call("get_execution", Map.of("execution_id", id, "max_bytes", 3)))
                .contains("max_bytes"));
        ToolResponse both = mcp.call("execute_code", Map.of("code", "pass", "background", true, "wait_s", 5));
        assertTrue(both.isError() && McpCalls.text(both).contains("wait_s"), McpCalls.text(both));
        ToolResponse sanitize = mcp.call("execute_code", Map.of("code", "pass", "wait_s", 5, "sanitize_output", true));
        assertTrue(sanitize.isError() && McpCalls.text(sanitize).contains("sanitize_output"));
        ToolResponse tooLong = mcp.call("execute_code", Map.of("code", "pass", "timeout_s", 301));
        assertTrue(tooLong.isError() && McpCalls.text(tooLong).contains("background"), McpCalls.text(tooLong));
        awaitFinished(mcp, id);
    }

    @Test
    void aWaitSOutOfRangeIsRefusedBeforeAnyRunStarts() {
        long before = runsHeld();
        ToolResponse tooLong = mcp.call("execute_code", Map.of("code", "while True:\n    pass", "timeout_s", 120,
                "wait_s", 301));
        assertTrue(tooLong.isError(), () -> "accepted: " + McpCalls.text(tooLong));
        assertEquals("wait_s: must be between 0 and 300 seconds, got 301", McpCalls.text(tooLong));
        // A run started before the refusal would be held here, spinning to its timeout with no id to cancel it by.
        assertEquals(before, runsHeld(), "a refused call left a background run behind");
    }

    /** The tenant's background runs the server holds: queued, running and finished. */
    private long runsHeld() {
        JsonObject runs = structured(mcp.call("get_execution_stats", Map.of())).getJsonObject("runs");
        return runs.getLong("queued") + runs.getLong("running") + runs.getLong("finished");
    }
}
