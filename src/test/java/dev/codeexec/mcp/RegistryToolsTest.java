package dev.codeexec.mcp;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** search_tools and get_tool_definition over MCP, and their REST mirror, on the repository's registry/. */
@QuarkusTest
class RegistryToolsTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    @Test
    void searchFindsARegistryToolWithCompactSummaryHits() {
        ToolResponse r = mcp.call("search_tools", Map.of("query", "remove duplicate rows"));
        assertFalse(r.isError(), McpCalls.text(r));
        JsonObject first = JsonObject.mapFrom(r.structuredContent()).getJsonArray("tools").getJsonObject(0);
        assertEquals("dedupe_records", first.getString("name"));
        assertEquals(2, first.size(), "summary detail carries name and summary only: " + first);
        assertTrue(first.getString("summary").length() <= 100, first.encode());
    }

    @Test
    void fiveHitsAtTheDefaultDetailFitInSixHundredBytes() {
        for (String query : List.of("csv", "json", "dates and time zones", "text", "files")) {
            ToolResponse r = mcp.call("search_tools", Map.of("query", query, "limit", 5));
            JsonObject result = JsonObject.mapFrom(r.structuredContent());
            assertEquals(5, result.getJsonArray("tools").size(), query);
            int bytes = result.encode().getBytes(StandardCharsets.UTF_8).length;
            assertTrue(bytes <= 600, "'" + query + "': " + bytes + " bytes: " + result.encode());
        }
    }

    @Test
    void nameDetailGivesNamesOnly() {
        ToolResponse r = mcp.call("search_tools", Map.of("query", "camelCase to snake_case", "detail", "name",
                "limit", 1));
        JsonArray tools = JsonObject.mapFrom(r.structuredContent()).getJsonArray("tools");
        assertEquals(1, tools.size());
        assertEquals(new JsonObject().put("name", "case_convert"), tools.getJsonObject(0));
    }

    @Test
    void emptyQueryListsCategories() {
        ToolResponse r = mcp.call("search_tools", Map.of("query", ""));
        JsonArray categories = JsonObject.mapFrom(r.structuredContent()).getJsonArray("categories");
        assertTrue(categories.stream().map(o -> ((JsonObject) JsonObject.mapFrom(o)).getString("category"))
                .toList().contains("data"), categories.encode());
    }

    @Test
    void limitOutOfRangeIsAToolError() {
        ToolResponse r = mcp.call("search_tools", Map.of("query", "json", "limit", 0));
        assertTrue(r.isError());
        assertTrue(McpCalls.text(r).startsWith("limit: must be between 1 and 50"), McpCalls.text(r));
    }

    @Test
    void definitionHasSchemaAndSnippet() {
        ToolResponse r = mcp.call("get_tool_definition", Map.of("name", "table_join"));
        assertFalse(r.isError(), McpCalls.text(r));
        JsonObject o = JsonObject.mapFrom(r.structuredContent());
        assertEquals("object", o.getJsonObject("definition").getJsonObject("input_schema").getString("type"));
        assertTrue(o.getString("python_snippet").startsWith("import tools\nresult = tools.data.table_join(left="),
                o.getString("python_snippet"));
    }

    @Test
    void unknownDefinitionIsAToolErrorWithSuggestions() {
        ToolResponse r = mcp.call("get_tool_definition", Map.of("name", "table_joni"));
        assertTrue(r.isError());
        assertTrue(McpCalls.text(r).contains("closest: table_join"), McpCalls.text(r));
    }

    @Test
    void restMirrorsSearchAndDefinition() {
        given().queryParam("query", "join two tables").queryParam("detail", "name").get("/api/v1/tools")
                .then().statusCode(200).body("tools.name", hasItem("table_join"));
        given().get("/api/v1/tools/case_convert").then().statusCode(200)
                .body("definition.category", equalTo("text"))
                .body("python_snippet", containsString("tools.text.case_convert("));
        given().get("/api/v1/tools/no_such_tool").then().statusCode(404).body("error", equalTo("not_found"));
        given().queryParam("limit", 99).get("/api/v1/tools").then().statusCode(400).body("field", equalTo("limit"));
    }
}
