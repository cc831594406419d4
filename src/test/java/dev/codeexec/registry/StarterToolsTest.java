package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.SandboxService;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example of every starter tool, run inside the sandbox by the execute_code service exactly as an
 * agent would paste the tool: its module source plus a call with the example's arguments as JSON on stdin.
 * The service is called directly rather than over MCP: the transport is covered by ExecuteCodeTest, and
 * the MCP test client's fixed 10 s response wait is too short for a cold worker on a loaded machine.
 * Each run gets a fresh copy of the fixture files in its own workspace folder, so examples that write
 * (memory_save, memory_delete) cannot disturb others and the order does not matter.
 */
@QuarkusTest
class StarterToolsTest {

    private static final Path FIXTURES = Path.of("src/test/resources/registry-fixtures");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    SandboxService sandbox;

    static Stream<StarterRegistry.Example> examples() {
        return StarterRegistry.examples();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void exampleHoldsInsideTheSandbox(StarterRegistry.Example example) throws IOException {
        String folder = freshFixtureFolder();
        ExecutionResult r = runTool(example.tool(), folder, JSON.writeValueAsString(example.args()));
        assertEquals(0, r.exitCode(), () -> example + " failed: " + r.stderr());
        Object actual = JSON.readValue(r.stdout(), Object.class);
        Optional<String> mismatch = JsonSubset.mismatch(example.expect(), actual);
        assertTrue(mismatch.isEmpty(), () -> example + ": " + mismatch.orElse("") + "\n  result: " + r.stdout());
    }

    static Stream<StarterRegistry.Definition> fileTools() {
        return StarterRegistry.definitions().stream().filter(d -> "files".equals(d.content().get("category")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fileTools")
    void fileToolsRefusePathsOutsideTheWorkspace(StarterRegistry.Definition tool) throws IOException {
        String folder = freshFixtureFolder();
        for (String escape : List.of("../sales.csv", "/etc/passwd", "notes/../../x")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> args = new java.util.HashMap<>((Map<String, Object>) tool.examples().get(0).get("args"));
            args.put("path", escape);
            ExecutionResult r = runTool(tool, folder, JSON.writeValueAsString(args));
            assertEquals(1, r.exitCode(), () -> tool.name() + " accepted " + escape + ": " + r.stdout());
            assertTrue(r.stderr().contains("ValueError: path"), () -> tool.name() + ": " + r.stderr());
        }
    }

    @Test
    void memorySurvivesBetweenSeparateRuns() throws IOException {
        String folder = freshFixtureFolder();
        StarterRegistry.Definition save = tool("memory_save");
        StarterRegistry.Definition recall = tool("memory_recall");
        ExecutionResult saved = runTool(save, folder,
                "{\"key\": \"build-cmd\", \"text\": \"Build with mvn -q package\", \"tags\": [\"build\"]}");
        assertEquals(0, saved.exitCode(), saved.stderr());
        ExecutionResult found = runTool(recall, folder, "{\"query\": \"how do I build\"}");
        assertEquals(0, found.exitCode(), found.stderr());
        Map<?, ?> result = JSON.readValue(found.stdout(), Map.class);
        List<?> notes = (List<?>) result.get("notes");
        assertEquals("build-cmd", ((Map<?, ?>) notes.get(0)).get("key"), found.stdout());
    }

    @Test
    void badArgumentIsAValueErrorNamingTheField() throws IOException {
        ExecutionResult r = runTool(tool("histogram"), freshFixtureFolder(), "{\"values\": [1, 2], \"bins\": 0}");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().contains("ValueError: bins"), r.stderr());
    }

    private ExecutionResult runTool(StarterRegistry.Definition tool, String folder, String argsJson) throws IOException {
        String code = Files.readString(tool.implementation()) + """

                import json as _json, os as _os, sys as _sys
                _os.chdir(%s)
                print(_json.dumps(run(**_json.loads(_sys.stdin.read()))))
                """.formatted(JSON.writeValueAsString(folder));
        return sandbox.execute(new ExecuteCommand(code, 60, argsJson, null, null));
    }

    private static StarterRegistry.Definition tool(String name) {
        return StarterRegistry.definitions().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    /** Copies the fixtures into a new folder of the test workspace and returns its workspace-relative path. */
    private static String freshFixtureFolder() throws IOException {
        Path workspace = Path.of(ConfigProvider.getConfig().getValue("sandbox.workspace", String.class));
        String relative = "starter-tools/" + UUID.randomUUID();
        Path target = workspace.resolve(relative);
        try (Stream<Path> files = Files.walk(FIXTURES)) {
            for (Path source : files.toList()) {
                Path copy = target.resolve(FIXTURES.relativize(source).toString());
                if (Files.isDirectory(source)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(source, copy);
                }
            }
        }
        return relative;
    }
}
