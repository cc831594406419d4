package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.pii.RestoreResult;
import dev.codeexec.pii.SanitizeResult;
import dev.codeexec.registry.ToolDefinitionView;
import dev.codeexec.registry.ToolSearchResult;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.ExecutionView;
import dev.codeexec.skills.DeletedSkill;
import dev.codeexec.skills.SavedSkill;
import dev.codeexec.skills.Skill;
import dev.codeexec.skills.SkillPage;
import dev.codeexec.stats.ServerStats;
import dev.codeexec.workspace.DeleteFileResult;
import dev.codeexec.workspace.ListFilesResult;
import dev.codeexec.workspace.ReadFileResult;
import dev.codeexec.workspace.WriteFileResult;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every tool, in each of its modes, answers with structured content that matches its schema: the
 * advertised {@code outputSchema} where there is one, otherwise the schema of the record it returns
 * (what REST and OpenAPI promise). Clients such as the official TypeScript SDK refuse a result that
 * breaks an advertised schema, so a mismatch here is a broken tool.
 */
@QuarkusTest
class OutputSchemaContractTest {

    /** What each tool returns; reset_session answers with text only. */
    static final Map<String, Class<?>> RESULTS = Map.ofEntries(
            Map.entry("execute_code", ExecutionResult.class),
            Map.entry("search_tools", ToolSearchResult.class),
            Map.entry("get_tool_definition", ToolDefinitionView.class),
            Map.entry("save_skill", SavedSkill.class), Map.entry("load_skill", Skill.class),
            Map.entry("list_skills", SkillPage.class), Map.entry("delete_skill", DeletedSkill.class),
            Map.entry("sanitize_pii", SanitizeResult.class), Map.entry("restore_pii", RestoreResult.class),
            Map.entry("write_workspace_file", WriteFileResult.class),
            Map.entry("read_workspace_file", ReadFileResult.class),
            Map.entry("list_workspace_files", ListFilesResult.class),
            Map.entry("delete_workspace_file", DeleteFileResult.class),
            Map.entry("get_execution_stats", ServerStats.class),
            Map.entry("get_execution", ExecutionView.class), Map.entry("cancel_execution", ExecutionView.class));
    static final Set<String> TEXT_ONLY = Set.of("reset_session");

    @Inject
    JsonSchemas schemas;

    McpCalls mcp;
    final Map<String, Map<String, Object>> advertised = new HashMap<>();

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
        mcp.client().when().toolsList(page -> page.tools().forEach(t -> {
            if (t.outputSchema() != null) {
                advertised.put(t.name(), t.outputSchema().getMap());
            }
        })).thenAssertResults();
    }

    @Test
    void everyToolIsCoveredAndOnlyExecuteCodeAdvertisesASchema() {
        AtomicReference<List<String>> names = new AtomicReference<>();
        mcp.client().when().toolsList(page -> names.set(page.tools().stream().map(McpAssured.ToolInfo::name).toList()))
                .thenAssertResults();
        Set<String> covered = new TreeSet<>(RESULTS.keySet());
        covered.addAll(TEXT_ONLY);
        assertEquals(covered, new TreeSet<>(names.get()), "a tool without a contract case");
        assertEquals(Set.of("execute_code"), advertised.keySet());
    }

    @Test
    void executeCodeInEveryOutcome() {
        ok("execute_code", Map.of("code", "print(6 * 7)"));
        ok("execute_code", Map.of("code", "1/0"));
        ok("execute_code", Map.of("code", "import sys\nsys.exit(3)"));
        ok("execute_code", Map.of("code", "while True:\n    pass", "timeout_s", 1));
        ok("execute_code", Map.of("code", "print('x' * 10)", "session", "new"));
        ok("execute_code", Map.of("code", "print('mail jane.doe@example.com')", "sanitize_output", true));
        refused("execute_code", Map.of("code", "print(1)", "timeout_s", 0));
        refused("execute_code", Map.of("code", "print(1)", "session", "no spaces allowed"));
    }

    @Test
    void backgroundRunsInEveryAnswer() {
        String id = ok("execute_code", Map.of("code", "import time\nprint('a', flush=True)\ntime.sleep(60)",
                "background", true)).getString("execution_id");
        ok("get_execution", Map.of("execution_id", id, "wait_s", 30));
        // Cancelled first: it holds the tenant's background slot, which a run with wait_s also needs.
        ok("cancel_execution", Map.of("execution_id", id));
        ok("execute_code", Map.of("code", "print(1)", "wait_s", 30));
        JsonObject promoted = ok("execute_code", Map.of("code", "import time\ntime.sleep(60)", "wait_s", 0));
        ok("cancel_execution", Map.of("execution_id", promoted.getString("execution_id")));
        ok("get_execution", Map.of("execution_id", id, "max_bytes", 4));
        refused("get_execution", Map.of("execution_id", "no-such-run"));
        refused("cancel_execution", Map.of("execution_id", "no-such-run"));
    }

    @Test
    void searchAtEveryDetailAndEdge() {
        ok("search_tools", Map.of());
        ok("search_tools", Map.of("query", ""));
        for (String detail : List.of("name", "summary", "full")) {
            ok("search_tools", Map.of("query", "csv", "detail", detail, "limit", 5));
        }
        ok("search_tools", Map.of("category", "data"));
        ok("search_tools", Map.of("query", "zqxjv wkpfh"));
        refused("search_tools", Map.of("query", "csv", "detail", "everything"));
        refused("search_tools", Map.of("category", "no_such_category"));
    }

    @Test
    void definitionsOfRegistryToolsAndUnknownNames() {
        JsonObject view = ok("get_tool_definition", Map.of("name", "csv_profile"));
        assertNull(view.getJsonObject("definition").getValue("server"), "a local tool has no server");
        ok("get_tool_definition", Map.of("name", "markdown_table"));
        refused("get_tool_definition", Map.of("name", "csv_profil"));
    }

    @Test
    void skillsLifecycle() {
        String name = "contract_" + UUID.randomUUID().toString().replace("-", "");
        ok("save_skill", Map.of("name", name, "description", "Doubles a number for the contract test.",
                "code", "def double(x):\n    return 2 * x\n"));
        ok("save_skill", Map.of("name", name, "description", "Doubles a number, second version.",
                "code", "def double(x):\n    return x + x\n", "tags", List.of("contract"),
                "parameters", Map.of("x", "a number")));
        ok("load_skill", Map.of("name", name));
        ok("load_skill", Map.of("name", name, "version", 1));
        ok("list_skills", Map.of());
        ok("list_skills", Map.of("query", "doubles number", "limit", 3));
        ok("list_skills", Map.of("tag", "contract"));
        ok("delete_skill", Map.of("name", name));
        refused("load_skill", Map.of("name", name));
        refused("save_skill", Map.of("name", "1bad", "description", "Not a valid name at all.", "code", "x = 1"));
    }

    @Test
    void piiRoundTrip() {
        JsonObject sanitized = ok("sanitize_pii", Map.of("text", "Mail jane.doe@example.com or call +1 212 555 0100"));
        ok("sanitize_pii", Map.of("text", "nothing personal here"));
        ok("sanitize_pii", Map.of("text", "jane.doe@example.com", "entities", List.of("EMAIL_ADDRESS"),
                "min_score", 0.9));
        ok("restore_pii", Map.of("text", sanitized.getString("text")));
        refused("sanitize_pii", Map.of("text", "x", "min_score", 2.0));
    }

    @Test
    void workspaceFiles() {
        String dir = "contract-" + UUID.randomUUID();
        ok("write_workspace_file", Map.of("path", dir + "/a.txt", "content", "hello"));
        ok("write_workspace_file", Map.of("path", dir + "/a.txt", "content", " world", "mode", "append"));
        ok("write_workspace_file", Map.of("path", dir + "/b.bin", "content", "AAEC", "encoding", "base64"));
        ok("read_workspace_file", Map.of("path", dir + "/a.txt"));
        ok("read_workspace_file", Map.of("path", dir + "/a.txt", "offset", 3, "length", 2));
        ok("read_workspace_file", Map.of("path", dir + "/b.bin", "encoding", "base64"));
        ok("list_workspace_files", Map.of("path", dir));
        ok("list_workspace_files", Map.of("path", dir, "pattern", "*.txt", "recursive", true, "limit", 1));
        ok("delete_workspace_file", Map.of("path", dir + "/a.txt"));
        refused("read_workspace_file", Map.of("path", "../outside.txt"));
        refused("write_workspace_file", Map.of("path", dir + "/b.bin", "content", "x", "mode", "create"));
    }

    @Test
    void statsAndResetSession() {
        ok("get_execution_stats", Map.of());
        refused("reset_session", Map.of("session", "never-opened"));
    }

    @Test
    void statsWhileTheSandboxStartsMatchTheSchema() {
        // Before the first worker is up, the sandbox section is null; a validating client must accept that.
        JsonObject stats = ok("get_execution_stats", Map.of());
        OutputSchemaContract.assertMatches("get_execution_stats during warm-up", schemas.of(ServerStats.class),
                stats.copy().putNull("sandbox").getMap());
    }

    private JsonObject ok(String tool, Map<String, Object> args) {
        ToolResponse r = mcp.call(tool, args);
        assertTrue(!r.isError(), tool + " " + args.keySet() + ": " + McpCalls.text(r));
        assertNotNull(r.structuredContent(), tool + " returned no structured content");
        JsonObject result = JsonObject.mapFrom(r.structuredContent());
        Map<String, Object> schema = advertised.getOrDefault(tool, schemas.of(RESULTS.get(tool)));
        OutputSchemaContract.assertMatches(tool + " " + args.keySet(), schema, result.getMap());
        if (advertised.containsKey(tool)) {
            // Clients accept a field the schema leaves out, but a model reading the schema would not know of it.
            Set<String> undeclared = new TreeSet<>(result.fieldNames());
            undeclared.removeAll(((Map<?, ?>) schema.get("properties")).keySet());
            assertEquals(Set.of(), undeclared, tool + " " + args.keySet() + " returns fields its outputSchema omits");
        }
        assertEquals(result, new JsonObject(McpCalls.text(r)), "text content is the same JSON");
        return result;
    }

    /** A refusal is a tool error with a message naming the field, and no structured content to validate. */
    private void refused(String tool, Map<String, Object> args) {
        ToolResponse r = mcp.call(tool, args);
        assertTrue(r.isError(), tool + " " + args + " should be refused");
        assertNull(r.structuredContent());
    }
}
