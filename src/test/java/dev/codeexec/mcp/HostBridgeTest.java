package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Guest code reaching host services through the bridge, in worker-process isolation. */
@QuarkusTest
class HostBridgeTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    @Test
    void guestCallsAHostServiceWithJsonArguments() {
        McpCalls.Exec r = mcp.exec("import _codeexec_bridge as b\n"
                + "reply = b.call('echo', 'echo', {'text': 'héllo', 'n': [1, 2.5, None, True]})\n"
                + "print(reply['args'])");
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("{'text': 'héllo', 'n': [1, 2.5, None, True]}\n", r.stdout());
    }

    @Test
    void callsActForTheConnectionThatStartedTheExecution() {
        McpCalls.Exec r = mcp.exec("import _codeexec_bridge as b\nprint(b.call('echo', 'echo')['caller'])");
        assertEquals("local/" + mcp.client().mcpSessionId() + "\n", r.stdout());
    }

    @Test
    void refusalsBecomePythonExceptionsWithTheHostMessage() {
        McpCalls.Exec refused = mcp.exec("import _codeexec_bridge as b\nb.call('echo', 'refuse')");
        assertEquals(1, refused.exitCode());
        assertTrue(refused.stderr().contains("ValueError: text: is not acceptable here"), refused.stderr());
        McpCalls.Exec missing = mcp.exec("import _codeexec_bridge as b\nb.call('echo', 'missing')");
        assertTrue(missing.stderr().contains("LookupError: name: no such thing"), missing.stderr());
        McpCalls.Exec unknown = mcp.exec("import _codeexec_bridge as b\nb.call('nope', 'x')");
        assertTrue(unknown.stderr().contains("LookupError: unknown service 'nope'"), unknown.stderr());
    }

    /**
     * Args over the bridge limit are the host's ValueError in both isolations. In a worker the call is refused
     * before it is sent: its frame would pass the limit the server reads worker frames with, and the server would
     * kill the worker (SandboxError) instead.
     */
    @Test
    void oversizedArgsAreAValueErrorNotAKilledWorker() {
        McpCalls.Exec r = mcp.exec("import _codeexec_bridge as b\nb.call('echo', 'echo', {'x': " + oversizedText()
                + "})", 60);
        assertEquals(1, r.exitCode(), r.stderr());
        // A worker refuses past the frame bound itself (16 Mi); the server past its budget (4 Mi by default).
        assertTrue(r.stderr().contains("ValueError: args: larger than the bridge limit of "), r.stderr());
    }

    /**
     * A guest string whose JSON passes the worker's frame bound (16 Mi), 18 Mi chars: in a worker, that bound is
     * what refuses it.
     */
    String oversizedText() {
        return "'\"' * (9 * 2**20)";
    }

    /**
     * A reply past the bridge's bound (16 Mi characters) is the host's ValueError naming it, in both isolations; in a
     * worker one past 20,000,000 characters cut the worker off mid-run. The run goes on. That a reply at the bound
     * fits a frame and the worker's Jackson is FrameLimitsTest's (carrying 16 MiB here cost 7 s a class).
     */
    @Test
    void oversizedRepliesAreAValueErrorNamingTheLimit() {
        McpCalls.Exec r = mcp.exec("import _codeexec_bridge as b\n"
                + "try:\n    b.call('echo', 'big', {'chars': 16 * 2**20})\n"
                + "except ValueError as e:\n    print(e.code, e)\n"
                + "print(b.call('echo', 'big', {'chars': 3}))", 60);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("result_too_large result: 16777229 characters of JSON, more than a bridge reply carries "
                + "(16777216; binary content counts as base64, 4/3 of its bytes)\nxxx\n", r.stdout());
    }

    /** Jackson's read constraints bound the parse: nesting past sandbox.bridge.max-nesting-depth is refused. */
    @Test
    void deeplyNestedArgsAreRefusedNamingTheLimit() {
        McpCalls.Exec r = mcp.exec("import _codeexec_bridge as b\nv = 1\nfor _ in range(100):\n    v = [v]\n"
                + "b.call('echo', 'echo', {'x': v})");
        assertEquals(1, r.exitCode(), r.stderr());
        assertTrue(r.stderr().contains("ValueError: args: a string in them is longer, or they nest deeper, than the "
                + "bridge allows (sandbox.bridge.max-string-chars=4194304, sandbox.bridge.max-nesting-depth=64)"),
                r.stderr());
        McpCalls.Exec fine = mcp.exec("import _codeexec_bridge as b\nv = 1\nfor _ in range(50):\n    v = [v]\n"
                + "b.call('echo', 'echo', {'x': v})");
        assertEquals(0, fine.exitCode(), fine.stderr());
    }

    @Test
    void hostFailuresDoNotLeakHostDetails() {
        McpCalls.Exec r = mcp.exec("import _codeexec_bridge as b\nb.call('echo', 'crash')");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().contains("RuntimeError: echo.crash failed on the host"), r.stderr());
        assertFalse(r.stderr().contains("shadow"), r.stderr());
        assertFalse(r.stderr().contains("IllegalStateException"), r.stderr());
    }

    @Test
    void nonJsonArgumentsAreATypeErrorInTheGuest() {
        McpCalls.Exec r = mcp.exec("import _codeexec_bridge as b\nb.call('echo', 'echo', {'x': object()})");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().contains("TypeError"), r.stderr());
    }

    @Test
    void theHostCallFunctionIsNotLeftInGuestGlobals() {
        McpCalls.Exec r = mcp.exec("print(sorted(k for k in globals() if 'codeexec' in k))");
        assertEquals("[]\n", r.stdout());
    }
}
