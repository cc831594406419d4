package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
 * tools/list is what every agent pays for in context tokens: it is compared byte for byte with a
 * checked-in fixture, so any change to a name, description or schema is deliberate. Regenerate with
 * {@code mvn test -Dtest=ToolsListFixtureTest -Dfixture.update=true} and review the diff.
 */
@QuarkusTest
class ToolsListFixtureTest {

    static final Path FIXTURE = Path.of("src/test/resources/tools-list.json");

    @Test
    void toolsListMatchesTheFixture() throws IOException {
        AtomicReference<JsonArray> tools = new AtomicReference<>();
        McpAssured.newConnectedStreamableClient().when().toolsList(page -> {
            JsonArray all = new JsonArray();
            page.tools().stream().sorted(Comparator.comparing(McpAssured.ToolInfo::name)).forEach(t -> all.add(
                    new JsonObject().put("name", t.name()).put("description", t.description())
                            .put("inputSchema", t.inputSchema()).put("outputSchema", t.outputSchema())));
            tools.set(all);
        }).thenAssertResults();
        String actual = tools.get().encodePrettily() + "\n";
        System.out.println("tools/list: " + tools.get().size() + " tools, " + actual.length()
                + " characters (about " + actual.length() / 4 + " tokens)");
        if (Boolean.getBoolean("fixture.update") || !Files.exists(FIXTURE)) {
            Files.writeString(FIXTURE, actual, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(FIXTURE, StandardCharsets.UTF_8), actual,
                "tools/list changed; review and regenerate the fixture with -Dfixture.update=true");
    }
}
