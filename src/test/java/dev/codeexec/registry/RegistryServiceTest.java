package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import dev.codeexec.tenant.Tenants;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The registry service over a directory it creates itself: loading, problems, reload, search, definitions. */
class RegistryServiceTest {

    @TempDir
    Path dir;

    static String yaml(String name, String category, String summary) {
        return """
                name: %s
                category: %s
                summary: %s
                description: %s in more words.
                input_schema:
                  type: object
                  properties:
                    text: {type: string}
                    count: {type: integer}
                  required: [text]
                output_schema: {type: object}
                examples:
                  - description: example
                    args: {text: "say \\"hi\\"", count: 2}
                    expect: {}
                tags: [sample]
                """.formatted(name, category, summary, summary);
    }

    void write(String category, String name, String yaml, boolean withPython) throws IOException {
        Files.createDirectories(dir.resolve(category));
        Files.writeString(dir.resolve(category).resolve(name + ".yaml"), yaml);
        if (withPython) {
            Files.writeString(dir.resolve(category).resolve(name + ".py"), "def run(text, count=1):\n    return text\n");
        }
    }

    @Test
    void malformedDefinitionsAreReportedWithFileAndReasonWhileOthersLoad() throws IOException {
        write("text", "shout", yaml("shout", "text", "Upper-case text"), true);
        write("text", "no_impl", yaml("no_impl", "text", "Missing python"), false);
        write("text", "wrong_name", yaml("other", "text", "Name mismatch"), true);
        write("text", "broken", "name: [unclosed", true);
        write("text", "no_schema", yaml("no_schema", "text", "x").replace("input_schema:", "input_schemx:"), true);
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, false))) {
            RegistryStats stats = registry.stats();
            assertEquals(1, stats.tools());
            List<String> problems = stats.loadErrors().stream().map(p -> p.file() + ": " + p.reason()).toList();
            assertEquals(4, problems.size(), problems.toString());
            assertTrue(problems.contains("text/no_impl.yaml: implementation no_impl.py is missing"), problems.toString());
            assertTrue(problems.contains("text/wrong_name.yaml: name 'other' does not match the file name 'wrong_name'"),
                    problems.toString());
            assertTrue(problems.contains("text/no_schema.yaml: missing required key 'input_schema'"),
                    problems.toString());
            assertTrue(problems.stream().anyMatch(p -> p.startsWith("text/broken.yaml: not valid YAML")),
                    problems.toString());
            // Asked for by name, a tool whose file did not load says why.
            InvalidInputException missing = assertThrows(InvalidInputException.class,
                    () -> registry.definition("no_impl"));
            assertEquals("name: no tool named 'no_impl': registry file text/no_impl.yaml did not load: "
                    + "implementation no_impl.py is missing", missing.getMessage());
        }
    }

    @Test
    void explicitReloadPicksUpAddedChangedAndRemovedTools() throws IOException {
        write("text", "shout", yaml("shout", "text", "Upper-case text"), true);
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, false))) {
            write("text", "whisper", yaml("whisper", "text", "Lower-case text quietly"), true);
            Files.delete(dir.resolve("text/shout.yaml"));
            registry.reload();
            registry.reload();
            assertEquals(1, registry.stats().tools());
            assertEquals("whisper", names(registry.search(new ToolSearch("quietly", null, 10, "name"))).getFirst());
            assertTrue(names(registry.search(new ToolSearch("upper", null, 10, "name"))).isEmpty());
        }
    }

    @Test
    void watcherReindexesWithoutRestart() throws Exception {
        write("text", "shout", yaml("shout", "text", "Upper-case text"), true);
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, true))) {
            registry.start();
            write("dates", "tomorrow", yaml("tomorrow", "dates", "The day after today"), true);
            org.awaitility.Awaitility.await("the watcher indexed the new tool").atMost(java.time.Duration.ofSeconds(10))
                    .until(() -> registry.stats().tools() == 2);
            assertEquals(List.of("tomorrow"), names(registry.search(new ToolSearch("day after", null, 5, "name"))));
        }
    }

    @Test
    void emptyQueryListsCategoriesWithCounts() throws IOException {
        write("text", "shout", yaml("shout", "text", "Upper-case text"), true);
        write("text", "whisper", yaml("whisper", "text", "Lower-case text"), true);
        write("dates", "tomorrow", yaml("tomorrow", "dates", "The day after today"), true);
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, false))) {
            ToolSearchResult r = registry.search(new ToolSearch("", null, null, null));
            assertEquals(List.of(new ToolSearchResult.CategoryCount("dates", 1),
                    new ToolSearchResult.CategoryCount("text", 2)), r.categories());
            assertEquals(List.of("shout", "whisper"), names(registry.search(new ToolSearch(" ", "text", 10, "name"))));
        }
    }

    @Test
    void detailLevelsControlWhatAHitCarries() throws IOException {
        write("text", "shout", yaml("shout", "text", "Upper-case text"), true);
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, false))) {
            ToolSearchResult.Hit name = registry.search(new ToolSearch("upper", null, 5, "name")).tools().getFirst();
            assertEquals(null, name.summary());
            ToolSearchResult.Hit summary = registry.search(new ToolSearch("upper", null, 5, null)).tools().getFirst();
            assertEquals("Upper-case text", summary.summary());
            assertEquals(null, summary.inputSchema());
            ToolSearchResult.Hit full = registry.search(new ToolSearch("upper", null, 5, "full")).tools().getFirst();
            assertEquals("object", full.inputSchema().get("type"));
        }
    }

    @Test
    void badSearchArgumentsNameTheField() throws IOException {
        write("text", "shout", yaml("shout", "text", "Upper-case text"), true);
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, false))) {
            assertEquals("limit", assertThrows(InvalidInputException.class,
                    () -> registry.search(new ToolSearch("x", null, 51, null))).field());
            assertEquals("detail", assertThrows(InvalidInputException.class,
                    () -> registry.search(new ToolSearch("x", null, 5, "everything"))).field());
            InvalidInputException category = assertThrows(InvalidInputException.class,
                    () -> registry.search(new ToolSearch("x", "nope", 5, null)));
            assertTrue(category.getMessage().contains("categories: text"), category.getMessage());
        }
    }

    @Test
    void definitionCarriesAPasteableSnippetFromTheFirstExample() throws IOException {
        write("text", "shout", yaml("shout", "text", "Upper-case text"), true);
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, false))) {
            ToolDefinitionView view = registry.definition("shout");
            assertEquals("shout", view.definition().name());
            assertEquals("import tools\nresult = tools.text.shout(text=\"say \\\"hi\\\"\", count=2)\nprint(result)\n",
                    view.pythonSnippet());
            assertTrue(registry.source("shout").contains("def run("));
        }
    }

    @Test
    void unknownNameIsNotFoundWithClosestNames() throws IOException {
        write("text", "shout", yaml("shout", "text", "Upper-case text"), true);
        write("text", "whisper", yaml("whisper", "text", "Lower-case text"), true);
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, false))) {
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> registry.definition("shuot"));
            assertEquals(InvalidInputException.Kind.NOT_FOUND, e.kind());
            assertTrue(e.getMessage().startsWith("name: no tool named 'shuot'; closest: shout"), e.getMessage());
        }
    }

    @Test
    void registryToolsAreNotCalledUpstream() throws IOException {
        write("text", "shout", yaml("shout", "text", "Upper-case text"), true);
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, false))) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> registry.callUpstream(Tenants.LOCAL, "shout", java.util.Map.of()));
            assertTrue(e.getMessage().contains("runs in the sandbox"), e.getMessage());
        }
    }

    static List<String> names(ToolSearchResult r) {
        return r.tools().stream().map(ToolSearchResult.Hit::name).toList();
    }
}
