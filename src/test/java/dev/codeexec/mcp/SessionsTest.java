package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Persistent sessions: state kept per name and connection, dropped on reset, lost plainly on a kill. */
@QuarkusTest
class SessionsTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    private McpCalls.Exec inSession(McpCalls calls, String session, String code) {
        return calls.exec(Map.of("code", code, "session", session, "timeout_s", 10));
    }

    @Test
    void sessionKeepsVariablesImportsAndFunctions() {
        assertEquals(0, inSession(mcp, "s1", "import math\nx = 41\ndef inc(v):\n    return v + 1").exitCode());
        McpCalls.Exec r = inSession(mcp, "s1", "print(inc(x), math.floor(2.5))");
        assertEquals("42 2\n", r.stdout(), r.stderr());
    }

    @Test
    void withoutASessionEveryExecutionIsFresh() {
        mcp.exec("fresh_marker = 1");
        McpCalls.Exec r = mcp.exec("print('fresh_marker' in globals())");
        assertEquals("False\n", r.stdout());
    }

    @Test
    void sessionsOfOneConnectionAreInvisibleToAnother() {
        McpCalls other = new McpCalls();
        inSession(mcp, "shared", "secret = 'mine'");
        inSession(other, "shared", "secret = 'theirs'");
        assertEquals("mine\n", inSession(mcp, "shared", "print(secret)").stdout());
        assertEquals("theirs\n", inSession(other, "shared", "print(secret)").stdout());
    }

    @Test
    void resetSessionDropsItsState() {
        inSession(mcp, "r1", "y = 5");
        ToolResponse reset = mcp.call("reset_session", Map.of("session", "r1"));
        assertFalse(reset.isError());
        assertTrue(McpCalls.text(reset).contains("was reset"));
        McpCalls.Exec r = inSession(mcp, "r1", "print('y' in globals())");
        assertEquals("False\n", r.stdout());
        ToolResponse again = mcp.call("reset_session", Map.of("session", "never-opened"));
        assertTrue(McpCalls.text(again).contains("No session"));
    }

    @Test
    void timeoutInASessionKeepsStateWhenTheLoopCanBeInterrupted() {
        inSession(mcp, "t1", "kept = 'yes'");
        McpCalls.Exec timedOut = mcp.exec(Map.of("code", "while True:\n    pass", "session", "t1", "timeout_s", 1));
        assertTrue(timedOut.timedOut());
        McpCalls.Exec r = inSession(mcp, "t1", "print(kept)");
        assertEquals("yes\n", r.stdout(), r.stderr());
    }

    @Test
    void sessionEndedByExitIsReportedOnTheNextCall() {
        inSession(mcp, "e1", "z = 1");
        assertEquals(7, inSession(mcp, "e1", "import os\nos._exit(7)").exitCode());
        McpCalls.Exec r = inSession(mcp, "e1", "print('z' in globals())");
        assertEquals("False\n", r.stdout());
        assertTrue(r.stderr().contains("session 'e1' was restarted"), r.stderr());
    }

    @Test
    void sessionCountPerConnectionIsCapped() {
        for (int i = 0; i < 8; i++) {
            assertEquals(0, inSession(mcp, "cap" + i, "pass").exitCode());
        }
        ToolResponse refused = mcp.call("execute_code", Map.of("code", "pass", "session", "cap8"));
        assertTrue(refused.isError());
        assertTrue(McpCalls.text(refused).contains("session") && McpCalls.text(refused).contains("8"),
                McpCalls.text(refused));
        mcp.call("reset_session", Map.of("session", "cap0"));
        assertEquals(0, inSession(mcp, "cap8", "pass").exitCode());
    }

    @Test
    void invalidSessionNameIsAToolError() {
        ToolResponse r = mcp.call("execute_code", Map.of("code", "pass", "session", "../etc"));
        assertTrue(r.isError());
        assertTrue(McpCalls.text(r).startsWith("session:"), McpCalls.text(r));
    }
}
