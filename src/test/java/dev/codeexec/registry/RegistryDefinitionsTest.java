package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The starter registry's definitions are well formed, consistent with their files, and documented. */
class RegistryDefinitionsTest {

    private static final Pattern SNAKE_CASE = Pattern.compile("[a-z][a-z0-9]*(_[a-z0-9]+)*");
    private static final Pattern IMPORT = Pattern.compile("^\\s*(?:import|from)\\s+([A-Za-z_][\\w]*)", Pattern.MULTILINE);
    /** Modules GraalPy in the sandbox lacks or refuses: a tool importing them could never run. */
    private static final Set<String> UNAVAILABLE = Set.of("sqlite3", "xml", "ctypes", "socket", "subprocess",
            "threading", "multiprocessing", "asyncio", "ssl", "http", "urllib3", "requests", "numpy", "pandas", "yaml");
    private static final Set<String> KEYS = Set.of("name", "category", "summary", "description", "input_schema",
            "output_schema", "examples", "tags");

    static List<StarterRegistry.Definition> definitions() {
        return StarterRegistry.definitions();
    }

    @Test
    void registryHasAtLeastThirtyToolsInSevenCategories() {
        List<StarterRegistry.Definition> all = definitions();
        Set<Object> categories = all.stream().map(d -> d.content().get("category")).collect(Collectors.toSet());
        assertTrue(all.size() >= 30, "tools: " + all.size());
        assertTrue(categories.size() >= 7, "categories: " + categories);
    }

    @Test
    void toolNamesAreUnique() {
        Set<String> seen = new HashSet<>();
        for (StarterRegistry.Definition d : definitions()) {
            assertTrue(seen.add(d.name()), "duplicate tool name " + d.name());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("definitions")
    void definitionHasEveryKeyAndMatchesItsLocation(StarterRegistry.Definition d) {
        Map<String, Object> c = d.content();
        assertEquals(KEYS, c.keySet(), d.yaml() + ": top-level keys");
        String file = d.yaml().getFileName().toString();
        assertEquals(file.substring(0, file.length() - 5), d.name(), d.yaml() + ": name must equal the file name");
        assertTrue(SNAKE_CASE.matcher(d.name()).matches(), d.yaml() + ": name is not snake_case");
        assertEquals(d.yaml().getParent().getFileName().toString(), c.get("category"),
                d.yaml() + ": category must equal the folder");
        String summary = assertInstanceOf(String.class, c.get("summary"), d.yaml() + ": summary");
        assertFalse(summary.isBlank() || summary.contains("\n") || summary.length() > 200,
                d.yaml() + ": summary must be one line of at most 200 characters");
        assertTrue(assertInstanceOf(String.class, c.get("description")).strip().length() >= 40,
                d.yaml() + ": description too short to say inputs, outputs and limits");
        List<?> tags = assertInstanceOf(List.class, c.get("tags"), d.yaml() + ": tags");
        assertTrue(tags.size() >= 3 && tags.stream().allMatch(t -> t instanceof String s && !s.isBlank()),
                d.yaml() + ": tags must be at least 3 non-empty strings");
        assertEquals("object", map(c.get("output_schema"), d + ": output_schema").get("type"),
                d.yaml() + ": output_schema.type");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("definitions")
    void inputSchemaIsAnObjectWithDescribedProperties(StarterRegistry.Definition d) {
        Map<String, Object> schema = map(d.content().get("input_schema"), d.yaml() + ": input_schema");
        assertEquals("object", schema.get("type"), d.yaml() + ": input_schema.type");
        Map<String, Object> properties = map(schema.get("properties"), d.yaml() + ": input_schema.properties");
        for (Map.Entry<String, Object> p : properties.entrySet()) {
            assertTrue(SNAKE_CASE.matcher(p.getKey()).matches(), d.yaml() + ": property " + p.getKey());
            Object description = map(p.getValue(), d.yaml() + ": " + p.getKey()).get("description");
            assertTrue(description instanceof String s && !s.isBlank(), d.yaml() + ": " + p.getKey() + " has no description");
        }
        for (Object required : requiredOf(schema)) {
            assertTrue(properties.containsKey(String.valueOf(required)),
                    d.yaml() + ": required '" + required + "' is not a property");
        }
    }

    /** What the server's own parser makes of each file: a schema with a keyword left empty is a load error. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("definitions")
    void theServersParserTakesTheDefinition(StarterRegistry.Definition d) throws Exception {
        DefinitionParser.parse(Files.readString(d.yaml()));
    }

    /** An unquoted comma in a flow mapping cut a description short and made its tail a keyword without a value. */
    @Test
    void aDescriptionCutByAnUnquotedCommaIsALoadError() {
        String yaml = """
                name: t
                category: c
                summary: s
                description: d
                input_schema:
                  type: object
                  properties:
                    delimiter: {type: string, description: Field separator, one character., default: ","}
                output_schema: {type: object}
                examples: []
                tags: []
                """;
        DefinitionParser.Malformed e = org.junit.jupiter.api.Assertions.assertThrows(DefinitionParser.Malformed.class,
                () -> DefinitionParser.parse(yaml));
        assertEquals("input_schema.properties.delimiter.one character. has no value: quote a string that holds a "
                + "comma or a colon", e.getMessage());
        assertEquals("Field separator, one character.", assertInstanceOf(Map.class, assertInstanceOf(Map.class,
                assertDoesNotThrowParse(yaml.replace("Field separator, one character.",
                        "\"Field separator, one character.\"")).inputSchema().get("properties")).get("delimiter"))
                .get("description"));
    }

    private static ToolDefinition assertDoesNotThrowParse(String yaml) {
        try {
            return DefinitionParser.parse(yaml);
        } catch (DefinitionParser.Malformed e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("definitions")
    void examplesGiveRequiredKnownJsonArguments(StarterRegistry.Definition d) {
        Map<String, Object> schema = map(d.content().get("input_schema"), "input_schema");
        Map<String, Object> properties = map(schema.get("properties"), "properties");
        List<Map<String, Object>> examples = d.examples();
        assertFalse(examples == null || examples.isEmpty(), d.yaml() + ": needs at least one example");
        for (Map<String, Object> example : examples) {
            String where = d.yaml() + " example '" + example.get("description") + "'";
            assertTrue(example.get("description") instanceof String s && !s.isBlank(), where + ": description");
            assertTrue(example.containsKey("expect") && example.get("expect") != null, where + ": expect");
            Map<String, Object> args = map(example.get("args"), where + ": args");
            for (Object required : requiredOf(schema)) {
                assertTrue(args.containsKey(String.valueOf(required)), where + ": misses required " + required);
            }
            for (String arg : args.keySet()) {
                assertTrue(properties.containsKey(arg), where + ": unknown argument " + arg);
            }
            assertJsonCompatible(args, where + ": args");
            assertJsonCompatible(example.get("expect"), where + ": expect");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("definitions")
    void implementationDefinesRunAndImportsOnlyAvailableModules(StarterRegistry.Definition d) throws IOException {
        Path py = d.implementation();
        assertTrue(Files.isRegularFile(py), "missing implementation " + py);
        String source = Files.readString(py);
        assertTrue(Pattern.compile("^def run\\(", Pattern.MULTILINE).matcher(source).find(), py + ": no top-level def run(");
        Matcher m = IMPORT.matcher(source);
        while (m.find()) {
            assertFalse(UNAVAILABLE.contains(m.group(1)), py + " imports " + m.group(1) + ", unavailable in the sandbox");
        }
    }

    @Test
    void everyToolIsListedInTheDocsWithItsSummary() throws IOException {
        String docs = Files.readString(Path.of("docs/registry-tools.md"));
        for (StarterRegistry.Definition d : definitions()) {
            String line = "- `" + d.name() + "`: " + d.content().get("summary");
            assertTrue(docs.contains(line + "\n"), "docs/registry-tools.md lacks or misstates " + d.name()
                    + "; run python3 scripts/list-tools.py");
        }
        long listed = docs.lines().filter(l -> l.startsWith("- `")).count();
        assertEquals(definitions().size(), listed, "docs list tools that no longer exist");
    }

    @Test
    void subsetMatchAcceptsExtraKeysButNotDifferentValues() {
        Map<String, Object> actual = Map.of("a", 1, "b", List.of(Map.of("x", 2.0, "y", "z")), "c", true);
        assertTrue(JsonSubset.mismatch(Map.of("a", 1.0, "b", List.of(Map.of("x", 2))), actual).isEmpty());
        assertTrue(JsonSubset.mismatch(Map.of("a", 2), actual).orElseThrow().startsWith("$.a"));
        assertTrue(JsonSubset.mismatch(Map.of("d", 1), actual).orElseThrow().contains("missing"));
        assertTrue(JsonSubset.mismatch(Map.of("b", List.of()), actual).isPresent(), "lists must have equal length");
        assertTrue(JsonSubset.mismatch(Map.of("c", "true"), actual).isPresent(), "no string/boolean coercion");
        assertTrue(JsonSubset.mismatch(java.util.Collections.singletonMap("a", null), actual).isPresent());
    }

    private static List<?> requiredOf(Map<String, Object> schema) {
        Object required = schema.get("required");
        return required == null ? List.of() : assertInstanceOf(List.class, required, "required");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object value, String what) {
        if (!(value instanceof Map)) {
            fail(what + " must be a mapping, was " + value);
        }
        return (Map<String, Object>) value;
    }

    /** YAML would silently turn unquoted dates into timestamps; examples must stay plain JSON values. */
    private static void assertJsonCompatible(Object value, String where) {
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
            return;
        }
        if (value instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                assertInstanceOf(String.class, k, where + ": non-string key " + k);
                assertJsonCompatible(v, where + "." + k);
            });
            return;
        }
        if (value instanceof List<?> l) {
            l.forEach(v -> assertJsonCompatible(v, where + "[]"));
            return;
        }
        fail(where + " holds a " + value.getClass().getSimpleName() + " (" + value + "): quote it in the YAML");
    }
}
