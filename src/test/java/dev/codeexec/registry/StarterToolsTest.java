package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every example of every starter tool, run inside the sandbox by the execute_code service exactly as an
 * agent would paste the tool: its module source plus calls of {@code run(**args)} fed as JSON on stdin.
 *
 * <p>All examples of one tool share one execution (one sandbox run per tool instead of per example), in
 * the test's warm interpreter as an agent's runs would be, but each runs in its own fresh copy of the fixture files, so examples that write (memory_save,
 * memory_delete) cannot disturb others and the order does not matter. The service is called directly
 * rather than over MCP: the transport is covered by ExecuteCodeTest, and the MCP test client's fixed 10 s
 * response wait is too short for a cold sandbox worker on a loaded machine.
 */
@QuarkusTest
class StarterToolsTest {

    private static final Path FIXTURES = Path.of("src/test/resources/registry-fixtures");
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * Runs each case in its folder and prints one JSON list of {result} or {error}. Failures are caught
     * per case so that one broken example does not hide the others.
     */
    private static final String BATCH_DRIVER = """

            import json as _json, os as _os, sys as _sys, traceback as _traceback
            _home = _os.getcwd()
            _outcomes = []
            for _case in _json.loads(_sys.stdin.read()):
                _os.chdir(_case["dir"])
                try:
                    _outcomes.append({"result": run(**_case["args"])})
                except Exception:
                    _outcomes.append({"error": _traceback.format_exc()})
                finally:
                    _os.chdir(_home)
            print(_json.dumps(_outcomes))
            """;

    /**
     * One caller for every run: as an agent's runs do, they reuse its warm interpreter (reset between runs,
     * standard-library imports kept warm) instead of building a fresh interpreter per tool.
     */
    private static final String OWNER = "local/starter-tools-test";

    @Inject
    SandboxService sandbox;

    @Inject
    RegistryService registry;

    static List<StarterRegistry.Definition> definitions() {
        return StarterRegistry.definitions();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("definitions")
    void examplesHoldInsideTheSandbox(StarterRegistry.Definition tool) throws IOException {
        List<Map<String, Object>> cases = new ArrayList<>();
        for (Map<String, Object> example : tool.examples()) {
            cases.add(Map.of("dir", freshFixtureFolder(), "args", example.get("args")));
        }
        List<?> outcomes = runBatch(tool, cases);
        List<Executable> checks = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Map<?, ?> outcome = (Map<?, ?>) outcomes.get(i);
            Map<String, Object> example = tool.examples().get(i);
            String label = tool.name() + " example '" + example.get("description") + "'";
            checks.add(() -> {
                assertNull(outcome.get("error"), () -> label + " raised:\n" + outcome.get("error"));
                Optional<String> mismatch = JsonSubset.mismatch(example.get("expect"), outcome.get("result"));
                assertTrue(mismatch.isEmpty(), () -> label + ": " + mismatch.orElse("") + "\n  result: "
                        + outcome.get("result"));
            });
        }
        assertAll(tool.name(), checks);
    }

    static Stream<StarterRegistry.Definition> fileTools() {
        return definitions().stream().filter(d -> "files".equals(d.content().get("category")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fileTools")
    void fileToolsRefusePathsOutsideTheWorkspace(StarterRegistry.Definition tool) throws IOException {
        String folder = freshFixtureFolder();
        List<String> escapes = List.of("../sales.csv", "/etc/passwd", "notes/../../x");
        List<Map<String, Object>> cases = new ArrayList<>();
        for (String escape : escapes) {
            @SuppressWarnings("unchecked")
            Map<String, Object> args = new HashMap<>((Map<String, Object>) tool.examples().get(0).get("args"));
            args.put("path", escape);
            cases.add(Map.of("dir", folder, "args", args));
        }
        List<?> outcomes = runBatch(tool, cases);
        for (int i = 0; i < escapes.size(); i++) {
            Object error = ((Map<?, ?>) outcomes.get(i)).get("error");
            String escape = escapes.get(i);
            assertTrue(error instanceof String e && e.contains("ValueError: path"),
                    () -> tool.name() + " did not refuse " + escape + ": " + outcomes);
        }
    }

    /**
     * The snippet get_tool_definition gives each starter tool runs as pasted: the call reaches the tool whatever its
     * arguments are named (uuid_generate's `name` collided with tools.call's own parameter).
     */
    @Test
    void everyDefinitionsSnippetRunsAsGiven() throws IOException {
        StringBuilder code = new StringBuilder("import os, traceback\nhome = os.getcwd()\nfailed = []\n");
        for (StarterRegistry.Definition tool : definitions()) {
            String snippet = registry.definition(tool.name()).pythonSnippet();
            code.append("os.chdir(").append(JSON.writeValueAsString(freshFixtureFolder())).append(")\ntry:\n");
            snippet.lines().forEach(line -> code.append("    ").append(line).append('\n'));
            code.append("except Exception:\n    failed.append(").append(JSON.writeValueAsString(tool.name()))
                    .append(" + ': ' + traceback.format_exc())\nfinally:\n    os.chdir(home)\n");
        }
        code.append("print('FAILED', *failed, sep='\\n')\n");
        ExecutionResult r = sandbox.execute(new ExecuteCommand(code.toString(), 120, null, null, OWNER, false));
        assertEquals(0, r.exitCode(), r.stderr());
        String report = r.stdout().substring(r.stdout().lastIndexOf("FAILED"));
        assertEquals("FAILED\n", report, report);
    }

    @Test
    void memorySurvivesBetweenSeparateRuns() throws IOException {
        String folder = freshFixtureFolder();
        Map<?, ?> saved = single(tool("memory_save"), folder,
                Map.of("key", "build-cmd", "text", "Build with mvn -q package", "tags", List.of("build")));
        assertNull(saved.get("error"), String.valueOf(saved));
        Map<?, ?> found = single(tool("memory_recall"), folder, Map.of("query", "how do I build"));
        Map<?, ?> result = (Map<?, ?>) found.get("result");
        assertTrue(result != null, String.valueOf(found));
        assertEquals("build-cmd", ((Map<?, ?>) ((List<?>) result.get("notes")).get(0)).get("key"), String.valueOf(result));
    }

    @Test
    void badArgumentIsAValueErrorNamingTheField() throws IOException {
        Map<?, ?> outcome = single(tool("histogram"), freshFixtureFolder(), Map.of("values", List.of(1, 2), "bins", 0));
        assertTrue(outcome.get("error") instanceof String e && e.contains("ValueError: bins"), String.valueOf(outcome));
    }

    /** One call in its own execution: the outcome {result} or {error}. */
    private Map<?, ?> single(StarterRegistry.Definition tool, String folder, Map<String, Object> args) throws IOException {
        return (Map<?, ?>) runBatch(tool, List.of(Map.of("dir", folder, "args", args))).get(0);
    }

    /** Runs the tool's module once in the sandbox for all cases; each case is {dir, args}. */
    private List<?> runBatch(StarterRegistry.Definition tool, List<Map<String, Object>> cases) throws IOException {
        String code = Files.readString(tool.implementation()) + BATCH_DRIVER;
        ExecutionResult r = sandbox.execute(new ExecuteCommand(code, 120, JSON.writeValueAsString(cases), null, OWNER,
                false));
        assertEquals(0, r.exitCode(), () -> tool.name() + " did not run: " + r.stderr());
        List<?> outcomes = JSON.readValue(r.stdout(), List.class);
        assertEquals(cases.size(), outcomes.size(), tool.name() + ": one outcome per case");
        return outcomes;
    }

    private static StarterRegistry.Definition tool(String name) {
        return definitions().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
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
