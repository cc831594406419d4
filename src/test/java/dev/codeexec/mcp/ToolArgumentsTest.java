package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How tools/call arguments are taken, for every tool: as real clients send them, over MCP streamable HTTP. */
@QuarkusTest
class ToolArgumentsTest {

    static final String EXECUTE_CODE_TAKES = "execute_code takes code, timeout_s, stdin, session, vault, "
            + "sanitize_output, fresh, background, wait_s, max_inline_bytes";

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    /** A raw tools/call whose params are given as JSON text: the JSON-RPC response, with its result or error. */
    private JsonObject rawCall(String params) {
        AtomicReference<JsonObject> response = new AtomicReference<>();
        mcp.client().when().message(mcp.client().newRequest("tools/call").put("params", new JsonObject(params)))
                .withAssert(response::set).send().thenAssertResults();
        return response.get();
    }

    private static Map<String, Object> args(Object... pairs) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    /** A registry tool called as an MCP tool: the refusal says where registry tools run. */
    @Test
    void anUnknownToolNameIsRefusedNamingTheServersToolsAndWhereRegistryToolsRun() {
        JsonObject answer = rawCall("""
                {"name":"csv_profile","arguments":{"path":"sales.csv"}}""");
        JsonObject error = answer.getJsonObject("error");
        assertEquals(-32602, error.getInteger("code"), answer.encode());
        assertTrue(error.getString("message").startsWith("name: no tool 'csv_profile' on this server; its tools: "
                + "cancel_execution, delete_skill,"), error.getString("message"));
        assertTrue(error.getString("message").endsWith("Registry tools run inside execute_code (import tools); "
                + "search_tools finds them"), error.getString("message"));
    }

    /** A refused argument is echoed cut short: a megabyte of it must not come back into the model's context. */
    @Test
    void aHugeRefusedArgumentIsEchoedShort() {
        String huge = "Q".repeat(1_000_000);
        List<Object[]> calls = List.of(
                new Object[] {"write_workspace_file", args("path", "echo.txt", "content", "x", "encoding", huge),
                    "encoding: must be utf-8 or base64, got 'QQQ"},
                new Object[] {"write_workspace_file", args("path", "echo.txt", "content", "x", "mode", huge),
                    "mode: must be overwrite, append or create, got 'QQQ"},
                new Object[] {"search_tools", args("query", "csv", "detail", huge), "detail: must be one of "},
                new Object[] {"sanitize_pii", args("text", "a@b.com", "entities", List.of(huge)),
                    "entities: 'QQQ"});
        for (Object[] call : calls) {
            String text = McpCalls.text(mcp.call((String) call[0], (Map<String, Object>) call[1]));
            assertTrue(text.contains((String) call[2]), call[0] + ": " + text.substring(0, Math.min(300, text.length())));
            assertTrue(text.length() < 1_000, call[0] + " echoed " + text.length() + " characters");
        }
    }

    @Test
    void explicitNullsAreArgumentsNotGiven() {
        JsonObject answer = rawCall("""
                {"name":"execute_code","arguments":{"code":"print(1)","session":null,"timeout_s":null,"vault":null}}""");
        assertNull(answer.getValue("error"), answer.encode());
        JsonObject result = answer.getJsonObject("result");
        assertFalse(result.getBoolean("isError", false), answer.encode());
        assertEquals("1\n", result.getJsonObject("structuredContent").getString("stdout"), answer.encode());

        JsonObject annotated = rawCall("""
                {"name":"list_skills","arguments":{"query":null,"tag":null,"limit":null,"offset":null}}""");
        assertNull(annotated.getValue("error"), annotated.encode());
        assertFalse(annotated.getJsonObject("result").getBoolean("isError", false), annotated.encode());
    }

    @Test
    void aNullRequiredArgumentIsTheUsualMissingArgumentError() {
        JsonObject answer = rawCall("""
                {"name":"execute_code","arguments":{"code":null}}""");
        assertNull(answer.getValue("error"), answer.encode());
        JsonObject result = answer.getJsonObject("result");
        assertTrue(result.getBoolean("isError"), answer.encode());
        assertEquals("code: is required",
                result.getJsonArray("content").getJsonObject(0).getString("text"));
    }

    /** The framework threw a NullPointerException and never answered: the client waited for ever. */
    @Test
    void aCallNamingNoToolIsInvalidParams() {
        for (String params : new String[] {"{}", "{\"name\":null}", "{\"arguments\":{\"code\":\"1\"}}"}) {
            JsonObject error = rawCall(params).getJsonObject("error");
            assertEquals(-32602, error.getInteger("code"), params);
            assertEquals("name: is required: the tool to call, as tools/list names it", error.getString("message"));
        }
    }

    /** A raw request of {@code method} whose params are {@code params}: the JSON-RPC response. */
    private JsonObject rawRequest(String method, Object params) {
        AtomicReference<JsonObject> response = new AtomicReference<>();
        mcp.client().when().message(mcp.client().newRequest(method).put("params", params))
                .withAssert(response::set).send().thenAssertResults();
        return response.get();
    }

    /**
     * The framework cast params, and _meta's progress token, without checking them: a tools/list was never answered,
     * a tools/call over HTTP was a bare 500, and an object as progress token an "Internal error". The call never ran.
     */
    @Test
    void paramsTheFrameworkCannotReadAreInvalidParams() {
        String file = "progress-token-" + java.util.UUID.randomUUID() + ".txt";
        Object[][] cases = {
                {"tools/call", "x", "params: must be a JSON object, not a string"},
                {"tools/list", new io.vertx.core.json.JsonArray().add(1),
                        "params: must be a JSON object, not an array"},
                {"tools/call", new JsonObject().put("name", "write_workspace_file")
                        .put("arguments", new JsonObject().put("path", file).put("content", "x"))
                        .put("_meta", new JsonObject().put("progressToken", new JsonObject().put("a", 1))),
                        "params._meta.progressToken: must be a string or an integer, not an object"},
                {"tools/call", new JsonObject().put("name", "get_execution_stats")
                        .put("_meta", new JsonObject().put("progressToken", 1.5)),
                        "params._meta.progressToken: must be a string or an integer, not 1.5"}};
        for (Object[] c : cases) {
            JsonObject answer = rawRequest((String) c[0], c[1]);
            JsonObject error = answer.getJsonObject("error");
            assertEquals(-32602, error.getInteger("code"), answer.encode());
            assertEquals(c[2], error.getString("message"));
        }
        assertEquals("path: '" + file + "' does not exist",
                McpCalls.text(mcp.call("read_workspace_file", Map.of("path", file))));
    }

    @Test
    void argumentsThatAreNotAnObjectAreInvalidParams() {
        for (String[] row : new String[][] {{"\"print(1)\"", "a string"}, {"[1,2]", "an array"}, {"7", "a number"},
                {"true", "a boolean"}}) {
            for (String tool : new String[] {"execute_code", "list_workspace_files", "get_execution_stats"}) {
                JsonObject answer = rawCall("{\"name\":\"" + tool + "\",\"arguments\":" + row[0] + "}");
                JsonObject error = answer.getJsonObject("error");
                assertEquals(-32602, error.getInteger("code"), tool + " " + answer.encode());
                assertEquals("arguments: must be a JSON object of argument names and values, not " + row[1],
                        error.getString("message"));
            }
        }
    }

    /** A value of the wrong JSON type is refused naming the argument first, as every other refusal does. */
    @Test
    void aValueOfTheWrongTypeOrAMissingRequiredArgumentIsRefusedNamingIt() {
        Object[][] cases = {
                {"save_skill", args("name", "x", "description", "Says hello to someone.", "code", "pass", "tags", "a"),
                        "tags: must be an array, not a string"},
                {"save_skill", args("name", "x", "description", "Says hello to someone.", "code", "pass",
                        "tags", List.of(1, 2)), "tags: must be an array of strings; item 0 is a number"},
                {"save_skill", args("name", "x", "description", "Says hello to someone.", "code", 5),
                        "code: must be a string, not a number"},
                {"sanitize_pii", args("text", "a@example.com", "min_score", "high"),
                        "min_score: must be a number, not a string"},
                {"list_workspace_files", args("recursive", "yes"), "recursive: must be true or false, not a string"},
                {"save_skill", args("name", "x", "description", "Says hello to someone."), "code: is required"}};
        for (Object[] c : cases) {
            @SuppressWarnings("unchecked")
            ToolResponse r = mcp.call((String) c[0], (Map<String, Object>) c[1]);
            assertTrue(r.isError(), c[2].toString());
            assertEquals(c[2], McpCalls.text(r));
        }
    }

    @Test
    void unknownArgumentsAreRefusedNamingWhatTheToolTakes() {
        ToolResponse r = mcp.call("execute_code", Map.of("code", "print(1)", "timeout", 2));
        assertTrue(r.isError());
        assertEquals("timeout: unknown argument; " + EXECUTE_CODE_TAKES, McpCalls.text(r));

        r = mcp.call("list_workspace_files", Map.of("dir", "x"));
        assertTrue(r.isError());
        assertEquals("dir: unknown argument; list_workspace_files takes path, pattern, recursive, limit, offset",
                McpCalls.text(r));

        r = mcp.call("get_execution_stats", Map.of("verbose", true));
        assertEquals("verbose: unknown argument; get_execution_stats takes no arguments", McpCalls.text(r));

        String huge = "k".repeat(10_000);
        r = mcp.call("delete_skill", Map.of("name", "x", huge, 1));
        assertEquals("k".repeat(InvalidInputException.MAX_ECHO) + "…: unknown argument; delete_skill takes name",
                McpCalls.text(r));
    }

    /**
     * An execution_id that no server could have issued is refused as such, naming the field and the shape of a real
     * one: it used to read as "no such execution", or, with a dot in it, as a run of a server named by its prefix.
     */
    @Test
    void anExecutionIdOfTheWrongShapeIsRefusedAsSuch() {
        for (String tool : List.of("get_execution", "cancel_execution")) {
            for (String blank : List.of("", "   ")) {
                ToolResponse r = mcp.call(tool, Map.of("execution_id", blank));
                assertTrue(r.isError(), tool + ": " + McpCalls.text(r));
                assertEquals("execution_id: is required: the execution_id execute_code returned", McpCalls.text(r));
            }
            for (String wrong : List.of("../x", "42", "run-1.xyz")) {
                ToolResponse r = mcp.call(tool, Map.of("execution_id", wrong));
                assertTrue(r.isError(), tool + ": " + McpCalls.text(r));
                assertEquals("execution_id: \"" + wrong + "\" is not an execution id: pass one execute_code returned "
                        + "(a server id, a dot, 32 hex digits)", McpCalls.text(r));
            }
        }
    }

    /** The refusal of an integer past int range named int's range, not the argument's own bounds. */
    @Test
    void anIntegerPastIntRangeIsRefusedWithTheArgumentsOwnBounds() {
        assertEquals("limit: must be between 1 and 50, got 1000000000000000000", McpCalls.text(
                mcp.call("search_tools", Map.of("query", "csv", "limit", 1_000_000_000_000_000_000L))));
        assertEquals("offset: must be an integer from 0 to 2147483647, got 10000000000", McpCalls.text(
                mcp.call("list_workspace_files", Map.of("offset", 10_000_000_000L))));
        assertEquals("offset: must be an integer from 0 to 2147483647, got -10000000000", McpCalls.text(
                mcp.call("list_skills", Map.of("offset", -10_000_000_000L))));
    }

    @Test
    void clientMetaStaysInParams() {
        JsonObject answer = rawCall("""
                {"name":"execute_code","arguments":{"code":"print(2)"},"_meta":{"progressToken":"t-1"}}""");
        JsonObject result = answer.getJsonObject("result");
        assertFalse(result.getBoolean("isError", false), answer.encode());
        assertEquals("2\n", result.getJsonObject("structuredContent").getString("stdout"));
    }

    @Test
    void integralNumbersAreIntegers() {
        assertEquals(0, mcp.exec(Map.of("code", "print(3)", "timeout_s", 5.0)).exitCode());
        assertEquals("4\n", mcp.exec(Map.of("code", "print(4)", "timeout_s", 1e1)).stdout());
        ToolResponse listed = mcp.call("list_skills", Map.of("limit", 1e2, "offset", 0.0));
        assertFalse(listed.isError(), McpCalls.text(listed));
        JsonObject read = JsonObject.mapFrom(mcp.call("list_workspace_files", Map.of("limit", 3.0)).structuredContent());
        assertTrue(read.containsKey("total"), read.encode());

        ToolResponse fraction = mcp.call("execute_code", Map.of("code", "print(1)", "timeout_s", 5.5));
        assertTrue(fraction.isError());
        assertEquals("timeout_s: must be an integer", McpCalls.text(fraction));
        fraction = mcp.call("list_skills", Map.of("limit", 5.5));
        assertTrue(fraction.isError());
        assertEquals("limit: must be an integer", McpCalls.text(fraction));
        fraction = mcp.call("read_workspace_file", Map.of("path", "a.txt", "offset", 0.5));
        assertEquals("offset: must be an integer", McpCalls.text(fraction));
    }
}
