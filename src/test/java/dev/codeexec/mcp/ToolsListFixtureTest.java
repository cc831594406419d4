package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * tools/list is what every agent pays for in context tokens on every connection: it is compared byte
 * for byte with a checked-in golden file, so any change to a name, description, schema or annotation is
 * deliberate. On a mismatch the actual list is written to target/tools-list.actual.json: review the diff
 * and copy it over the golden file. The test never writes the golden file itself.
 */
@QuarkusTest
class ToolsListFixtureTest {

    static final Path GOLDEN = Path.of("src/test/resources/tools-list.json");
    static final Path ACTUAL = Path.of("target/tools-list.actual.json");
    /** The budget of the whole tools/list result as compact JSON: about 2,500 tokens. */
    static final int MAX_BYTES = 10_000;

    @Test
    void toolsListMatchesTheGoldenFileAndStaysWithinBudget() throws IOException {
        AtomicReference<JsonArray> tools = new AtomicReference<>();
        McpAssured.newConnectedStreamableClient().when().toolsList(page -> {
            JsonArray all = new JsonArray();
            // Every field a tool carries on the wire, an empty one too: the budget is what a client receives.
            page.tools().stream().sorted(Comparator.comparing(McpAssured.ToolInfo::name)).forEach(t -> {
                JsonObject tool = new JsonObject().put("name", t.name());
                if (t.title() != null) {
                    tool.put("title", t.title());
                }
                tool.put("description", t.description()).put("inputSchema", t.inputSchema());
                if (t.outputSchema() != null) {
                    tool.put("outputSchema", t.outputSchema());
                }
                t.annotations().ifPresent(a -> tool.put("annotations", JsonObject.mapFrom(a)));
                if (t.meta() != null) {
                    tool.put("_meta", t.meta());
                }
                if (t.icons() != null) {
                    tool.put("icons", t.icons());
                }
                all.add(tool);
            });
            tools.set(all);
        }).thenAssertResults();
        int compactBytes = new JsonObject().put("tools", tools.get()).encode().getBytes(StandardCharsets.UTF_8).length;
        String actual = tools.get().encodePrettily() + "\n";
        assertTrue(Files.exists(GOLDEN), "golden file " + GOLDEN + " is missing");
        if (!Files.readString(GOLDEN, StandardCharsets.UTF_8).equals(actual)) {
            Files.createDirectories(ACTUAL.getParent());
            Files.writeString(ACTUAL, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(GOLDEN, StandardCharsets.UTF_8), actual,
                "tools/list changed: review " + ACTUAL + " and copy it over " + GOLDEN);
        assertTrue(compactBytes <= MAX_BYTES, "tools/list is " + compactBytes + " bytes, over the budget of "
                + MAX_BYTES);
    }
}
