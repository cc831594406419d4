package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** save_skill, load_skill, list_skills and delete_skill over MCP streamable HTTP. */
@QuarkusTest
class SkillToolsTest {

    McpCalls mcp;

    @BeforeAll
    static void patientClient() {
        // The MCP test client waits 10 s by default (Awaitility); a save includes a sandbox run, which a
        // loaded 2-core machine can take longer than that to schedule.
        Awaitility.setDefaultTimeout(Duration.ofMinutes(2));
    }

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    static String unique(String prefix) {
        return prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    static Map<String, Object> skill(String name, String code) {
        Map<String, Object> args = new HashMap<>();
        args.put("name", name);
        args.put("description", "Greets someone by name.");
        args.put("code", code);
        args.put("tags", List.of("Greeting", "text"));
        args.put("parameters", Map.of("who", "name to greet"));
        return args;
    }

    JsonObject ok(String tool, Map<String, Object> args) {
        ToolResponse r = mcp.call(tool, args);
        assertFalse(r.isError(), () -> tool + " failed: " + McpCalls.text(r));
        return JsonObject.mapFrom(r.structuredContent());
    }

    String error(String tool, Map<String, Object> args) {
        ToolResponse r = mcp.call(tool, args);
        assertTrue(r.isError(), () -> tool + " should have failed: " + McpCalls.text(r));
        return McpCalls.text(r);
    }

    @Test
    void toolsAreListedWithReadOnlyHintsAndBoundedArguments() {
        AtomicReference<McpAssured.ToolsPage> page = new AtomicReference<>();
        mcp.client().when().toolsList(page::set).thenAssertResults();
        Map<String, Boolean> readOnly = Map.of("save_skill", false, "load_skill", true, "list_skills", true,
                "delete_skill", false);
        readOnly.forEach((name, hint) -> {
            McpAssured.ToolInfo tool = page.get().findByName(name);
            assertEquals(hint, tool.annotations().orElseThrow().readOnlyHint(), name);
        });
        JsonObject limit = page.get().findByName("list_skills").inputSchema().getJsonObject("properties")
                .getJsonObject("limit");
        assertEquals(1, limit.getInteger("minimum"));
        assertEquals(100, limit.getInteger("maximum"));
        assertEquals(20, limit.getInteger("default"));
        JsonObject name = page.get().findByName("save_skill").inputSchema().getJsonObject("properties")
                .getJsonObject("name");
        assertTrue(name.getString("pattern").startsWith("^[A-Za-z_]"), name.encode());
        assertFalse(name.getString("description").isBlank());
        assertTrue(page.get().findByName("delete_skill").annotations().orElseThrow().destructiveHint());
    }

    @Test
    void saveThenLoadGivesCodeAndMetadataWithTheSessionThatSavedIt() {
        String name = unique("greet");
        JsonObject saved = ok("save_skill", skill(name, "def greet(who):\n    return 'hi ' + who\n"));
        assertEquals(name, saved.getString("name"));
        assertEquals(1, saved.getInteger("version"));
        assertEquals(64, saved.getString("sha256").length());
        JsonObject loaded = ok("load_skill", Map.of("name", name));
        assertEquals("def greet(who):\n    return 'hi ' + who\n", loaded.getString("code"));
        assertEquals(new JsonArray(List.of("greeting", "text")), loaded.getJsonArray("tags"));
        assertEquals("name to greet", loaded.getJsonObject("parameters").getString("who"));
        assertEquals(saved.getString("sha256"), loaded.getString("sha256"));
        assertTrue(loaded.containsKey("created_at"));
        // Never the connection's MCP session id, which with the tenant's token would be the connection (its vault).
        String savedBy = loaded.getString("saved_by");
        assertTrue(savedBy.matches("local/connection-[0-9a-f]{12}"), savedBy);
        assertFalse(savedBy.contains(mcp.client().mcpSessionId()), savedBy);
        ok("save_skill", skill(name, "def greet(who):\n    return 'hello ' + who\n"));
        assertEquals(savedBy, ok("load_skill", Map.of("name", name)).getString("saved_by"));
    }

    @Test
    void savingAgainAddsAVersionAndOldOnesStayLoadable() {
        String name = unique("greet");
        ok("save_skill", skill(name, "V = 1\n"));
        assertEquals(2, ok("save_skill", skill(name, "V = 2\n")).getInteger("version"));
        assertEquals("V = 2\n", ok("load_skill", Map.of("name", name)).getString("code"));
        JsonObject first = ok("load_skill", Map.of("name", name, "version", 1));
        assertEquals("V = 1\n", first.getString("code"));
        assertEquals(2, first.getInteger("newest_version"));
        assertTrue(error("load_skill", Map.of("name", name, "version", 3)).contains("no version 3"));
        assertTrue(error("load_skill", Map.of("name", name, "version", 0)).startsWith("version: "));
    }

    @Test
    void syntaxErrorIsAToolErrorWithTheLine() {
        String name = unique("broken");
        String message = error("save_skill", skill(name, "def ok():\n    pass\n\ndef bad(:\n"));
        assertTrue(message.startsWith("code: syntax error at line 4: "), message);
        assertTrue(error("load_skill", Map.of("name", name)).contains("no skill named"));
    }

    @Test
    void badInputIsAToolErrorAndWritesNothing() {
        String name = unique("refused");
        Map<String, Object> badName = skill("2" + name, "V = 1");
        Map<String, Object> keyword = skill("lambda", "V = 1");
        Map<String, Object> longName = skill("n".repeat(65), "V = 1");
        Map<String, Object> shortDescription = skill(name, "V = 1");
        shortDescription.put("description", "Greets.");
        Map<String, Object> blankDescription = skill(name, "V = 1");
        blankDescription.put("description", "   ");
        Map<String, Object> tooBig = skill(name, "#" + "x".repeat(256 * 1024));
        Map<String, Object> emptyCode = skill(name, "");
        Map<String, Object> badTag = skill(name, "V = 1");
        badTag.put("tags", List.of("no spaces allowed"));
        assertTrue(error("save_skill", badName).startsWith("name: must be a Python identifier"));
        assertTrue(error("save_skill", keyword).startsWith("name: 'lambda' is reserved"));
        assertTrue(error("save_skill", longName).contains("at most 64"));
        assertTrue(error("save_skill", shortDescription).startsWith("description: "));
        assertTrue(error("save_skill", blankDescription).startsWith("description: "));
        assertTrue(error("save_skill", tooBig).contains("256 KiB"));
        assertTrue(error("save_skill", emptyCode).startsWith("code: is required"));
        assertTrue(error("save_skill", badTag).startsWith("tags: "));
        assertTrue(error("load_skill", Map.of("name", name)).contains("no skill named"));
        assertTrue(error("load_skill", Map.of("name", "2" + name)).startsWith("name: must be a Python identifier"));
    }

    @Test
    void unknownNameSuggestsCloseNames() {
        String name = unique("summarize_orders");
        ok("save_skill", skill(name, "V = 1"));
        String message = error("load_skill", Map.of("name", name.replace("orders", "ordres")));
        assertTrue(message.contains("did you mean " + name), message);
    }

    @Test
    void listShowsCompactEntriesFilteredByTagAndRankedByQuery() {
        String tag = unique("t").toLowerCase();
        String older = unique("walrus_census");
        String newer = unique("penguin_report");
        Map<String, Object> a = skill(older, "V = 1");
        a.put("tags", List.of(tag));
        a.put("description", "Counts walrus colonies from survey rows.");
        Map<String, Object> b = skill(newer, "V = 1");
        b.put("tags", List.of(tag, "birds"));
        b.put("description", "Writes a report about penguin sightings.");
        ok("save_skill", a);
        ok("save_skill", b);
        JsonObject all = ok("list_skills", Map.of("tag", tag));
        assertEquals(2, all.getInteger("total"));
        JsonObject top = all.getJsonArray("skills").getJsonObject(0);
        assertEquals(newer, top.getString("name"));
        assertEquals(1, top.getInteger("newest_version"));
        assertFalse(top.containsKey("code"));
        assertTrue(top.containsKey("updated_at"));
        JsonObject walrus = ok("list_skills", Map.of("tag", tag, "query", "walrus survey"));
        assertEquals(1, walrus.getInteger("total"));
        assertEquals(older, walrus.getJsonArray("skills").getJsonObject(0).getString("name"));
        JsonObject second = ok("list_skills", Map.of("tag", tag, "limit", 1, "offset", 1));
        assertEquals(older, second.getJsonArray("skills").getJsonObject(0).getString("name"));
        assertTrue(error("list_skills", Map.of("limit", 0)).startsWith("limit: "));
        assertTrue(error("list_skills", Map.of("limit", 101)).startsWith("limit: "));
        assertTrue(error("list_skills", Map.of("offset", -1)).startsWith("offset: "));
    }

    @Test
    void deleteRemovesEveryVersionAndUnknownNameIsAnError() {
        String name = unique("doomed");
        ok("save_skill", skill(name, "V = 1"));
        ok("save_skill", skill(name, "V = 2"));
        JsonObject deleted = ok("delete_skill", Map.of("name", name));
        assertEquals(2, deleted.getInteger("versions_deleted"));
        assertTrue(error("load_skill", Map.of("name", name)).contains("no skill named"));
        assertTrue(error("delete_skill", Map.of("name", name)).contains("no skill named"));
    }
}
