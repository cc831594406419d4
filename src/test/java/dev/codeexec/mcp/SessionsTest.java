package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Persistent sessions: opened with session="new", then named by the handle the server returned, from any connection
 * of the tenant; dropped on reset, lost plainly on a kill.
 */
@QuarkusTest
class SessionsTest {

    /** What the profile sets: the default, 32, or {@link InProcessIsolation}'s. */
    @ConfigProperty(name = "sandbox.sessions.max-per-tenant")
    int maxPerTenant;

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    private McpCalls.Exec inSession(McpCalls calls, String session, String code) {
        return calls.exec(Map.of("code", code, "session", session, "timeout_s", 10));
    }

    /** Opens a session running {@code code}; its handle. */
    static String open(McpCalls calls, String code) {
        ToolResponse r = calls.call("execute_code", Map.of("code", code, "session", "new", "timeout_s", 10));
        assertFalse(r.isError(), McpCalls.text(r));
        String handle = JsonObject.mapFrom(r.structuredContent()).getString("session");
        assertTrue(handle != null && handle.matches(".+\\.[0-9a-f]{32}"), "not a handle: " + handle);
        return handle;
    }

    @Test
    void sessionKeepsVariablesImportsAndFunctionsAcrossConnections() {
        String s = open(mcp, "import math\nx = 41\ndef inc(v):\n    return v + 1");
        McpCalls.Exec r = inSession(new McpCalls(), s, "print(inc(x), math.floor(2.5))");
        assertEquals("42 2\n", r.stdout(), r.stderr());
    }

    /** The timeout named is the one asked for: the session's run has it less a short wait, once reported as 1 s. */
    @Test
    void aSessionRunsTimeoutIsReportedAsAsked() {
        String s = open(mcp, "x = 1");
        ToolResponse r = mcp.call("execute_code", Map.of("code", "while True:\n    pass", "session", s, "timeout_s", 2));
        JsonObject result = JsonObject.mapFrom(r.structuredContent());
        assertTrue(result.getString("stderr").endsWith("TimeoutError: execution stopped after its timeout of 2 s "
                + "(timeout_s)\n"), result.getString("stderr"));
    }

    /**
     * A run that fails past every except clause (an internal error of GraalPy) keeps the text it had not ended, and the
     * session's next run starts clean: that text came out at the start of the next run (mutation-checked: without the
     * empty run after the failure, the second run's stdout starts with "partial").
     */
    @Test
    void aRunFailingInternallyKeepsItsUnendedOutputAndTheNextRunStartsClean() {
        String s = open(mcp, "x = 1");
        McpCalls.Exec failed = inSession(mcp, s, "import sys, __graalpython__\nprint('partial', end='')\n"
                + "sys.stderr.write('warn')\n__graalpython__.builtin(1)\n");
        assertEquals(1, failed.exitCode(), failed.stderr());
        assertEquals("partial", failed.stdout(), failed.stderr());
        assertTrue(failed.stderr().startsWith("warn"), failed.stderr());
        assertTrue(failed.stderr().contains("SystemError: the interpreter failed internally"), failed.stderr());
        McpCalls.Exec next = inSession(mcp, s, "print('next', x)");
        assertEquals("next 1\n", next.stdout(), next.stderr());
        assertEquals("", next.stderr());
    }

    @Test
    void withoutASessionEveryExecutionIsFresh() {
        mcp.exec("fresh_marker = 1");
        McpCalls.Exec r = mcp.exec("print('fresh_marker' in globals())");
        assertEquals("False\n", r.stdout());
    }

    @Test
    void eachNewSessionHasItsOwnState() {
        String mine = open(mcp, "secret = 'mine'");
        String theirs = open(mcp, "secret = 'theirs'");
        assertEquals("mine\n", inSession(mcp, mine, "print(secret)").stdout());
        assertEquals("theirs\n", inSession(new McpCalls(), theirs, "print(secret)").stdout());
    }

    @Test
    void resetSessionDropsItAndItsHandle() {
        String s = open(mcp, "y = 5");
        ToolResponse reset = new McpCalls().call("reset_session", Map.of("session", s));
        assertFalse(reset.isError(), McpCalls.text(reset));
        assertEquals("The session was reset; its handle is no longer valid.", McpCalls.text(reset));
        ToolResponse after = mcp.call("execute_code", Map.of("code", "print(y)", "session", s));
        assertTrue(after.isError());
        assertTrue(McpCalls.text(after).startsWith("session: no such session for this tenant"), McpCalls.text(after));
        ToolResponse again = mcp.call("reset_session", Map.of("session", s));
        assertEquals(McpCalls.text(after), McpCalls.text(again));
    }

    @Test
    void resetEndsTheSessionAsItsProcessWouldExit() {
        String name = "ended-" + System.nanoTime();
        String s = open(mcp, "import atexit, tempfile, zipfile\n"
                + "archive = zipfile.ZipFile('" + name + ".zip', 'w')\n"
                + "archive.writestr('a.txt', 'kept')\n"
                + "scratch = tempfile.NamedTemporaryFile(dir='.', prefix='" + name + "-tmp')\n"
                + "atexit.register(lambda: open('" + name + ".txt', 'w').write('handler ran'))\n"
                + "atexit.register(print, 'goodbye')");
        String scratch = "[n for n in os.listdir('.') if n.startswith('" + name + "-tmp')]";
        // Held open by the session: the archive has no trailer yet, and the temporary file is there.
        McpCalls.Exec during = inSession(mcp, s, "import os, zipfile\nprint(zipfile.is_zipfile('" + name + ".zip'), len("
                + scratch + "))");
        assertEquals("False 1\n", during.stdout(), during.stderr());
        ToolResponse reset = new McpCalls().call("reset_session", Map.of("session", s));
        assertFalse(reset.isError(), McpCalls.text(reset));
        assertEquals("The session was reset; its handle is no longer valid. As it ended it printed:\ngoodbye\n",
                McpCalls.text(reset));
        McpCalls.Exec after = mcp.exec("import os, zipfile\nprint(zipfile.ZipFile('" + name + ".zip').read('a.txt').decode(), "
                + "open('" + name + ".txt').read(), " + scratch + ")\nos.remove('" + name + ".zip')\nos.remove('" + name
                + ".txt')");
        assertEquals("kept handler ran []\n", after.stdout(), after.stderr());
    }

    @Test
    void eachCallInASessionReadsItsOwnStdin() {
        String s = open(mcp, "kept = 1");
        assertEquals("a\n", mcp.exec(Map.of("code", "print(input())", "session", s, "stdin", "a\nb\n")).stdout());
        McpCalls.Exec r = mcp.exec(Map.of("code", "print(input(), kept)", "session", s, "stdin", "c\n"));
        assertEquals("c 1\n", r.stdout(), r.stderr());
    }

    @Test
    void timeoutInASessionKeepsStateWhenTheLoopCanBeInterrupted() {
        String s = open(mcp, "kept = 'yes'");
        McpCalls.Exec timedOut = mcp.exec(Map.of("code", "while True:\n    pass", "session", s, "timeout_s", 1));
        assertTrue(timedOut.timedOut());
        McpCalls.Exec r = inSession(mcp, s, "print(kept)");
        assertEquals("yes\n", r.stdout(), r.stderr());
    }

    /**
     * A session's run stopped by its timeout answers with the line it had not ended, and its next run starts clean:
     * that text stayed in sys.stdout and sys.stderr and came out at the start of the next run's output.
     */
    @Test
    void aTimedOutRunsUnendedLinesAreItsOwnNotTheNextRuns() {
        String s = open(mcp, "import sys, time");
        McpCalls.Exec timedOut = mcp.exec(Map.of("code", "print('step 3 of 5...', end='')\n"
                + "sys.stderr.write('warming cache')\ntime.sleep(60)", "session", s, "timeout_s", 2));
        assertTrue(timedOut.timedOut());
        assertEquals("step 3 of 5...", timedOut.stdout());
        assertTrue(timedOut.stderr().startsWith("warming cache\nTimeoutError: "), timedOut.stderr());
        McpCalls.Exec next = inSession(mcp, s, "print('next')");
        assertEquals("next\n", next.stdout());
        assertEquals("", next.stderr());
    }

    /**
     * A run stopped while it waited on a queue leaves the queue working for the session's next runs: the interrupted
     * wait released its lock a second time, which GraalPy's lock took, and every later put raised "cannot notify on
     * un-acquired lock".
     */
    @Test
    void aQueueARunWaitedOnWhenItTimedOutStillWorks() {
        String s = open(mcp, "import queue\nq = queue.Queue()");
        McpCalls.Exec timedOut = mcp.exec(Map.of("code", "q.get()", "session", s, "timeout_s", 1));
        assertTrue(timedOut.timedOut(), timedOut.stderr());
        McpCalls.Exec r = inSession(mcp, s, "q.put(5)\nprint(q.get(timeout=1), q.empty())");
        assertEquals("5 True\n", r.stdout(), r.stderr());
    }

    @Test
    void sessionEndedByExitIsReportedOnTheNextCall() {
        String s = open(mcp, "z = 1");
        assertEquals(7, inSession(mcp, s, "import os\nos._exit(7)").exitCode());
        McpCalls.Exec r = inSession(mcp, s, "print('z' in globals())");
        assertEquals("False\n", r.stdout());
        assertTrue(r.stderr().contains("session '" + s + "' was restarted"), r.stderr());
    }

    @Test
    void sessionCountPerTenantIsCapped() {
        java.util.List<String> opened = new java.util.ArrayList<>();
        ToolResponse refused = null;
        // Other tests of this tenant may hold sessions too: open until refused, at most the cap.
        for (int i = 0; i <= maxPerTenant && refused == null; i++) {
            ToolResponse r = mcp.call("execute_code", Map.of("code", "pass", "session", "new"));
            if (r.isError()) {
                refused = r;
            } else {
                opened.add(JsonObject.mapFrom(r.structuredContent()).getString("session"));
            }
        }
        assertTrue(refused != null, "more than " + maxPerTenant + " sessions were opened");
        assertTrue(McpCalls.text(refused).startsWith("session: this tenant already holds " + maxPerTenant
                + " sessions"),
                McpCalls.text(refused));
        for (String s : opened) {
            mcp.call("reset_session", Map.of("session", s));
        }
        open(mcp, "pass");
    }

    @Test
    void aHandleThatWasNeverIssuedIsAToolErrorNamingTheField() {
        ToolResponse r = mcp.call("execute_code", Map.of("code", "pass", "session", "../etc"));
        assertTrue(r.isError());
        assertTrue(McpCalls.text(r).startsWith("session: \"../etc\" is not a session handle"), McpCalls.text(r));
    }
}
