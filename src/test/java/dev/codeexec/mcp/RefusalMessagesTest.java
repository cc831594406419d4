package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Refusals name the field the caller sent and its limit, and never grow with the input they refuse. */
@QuarkusTest
class RefusalMessagesTest {

    static final String LONG = "x".repeat(100_000);
    static final String ECHO = "x".repeat(InvalidInputException.MAX_ECHO) + "…";

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    private String refusal(String tool, Map<String, Object> args) {
        ToolResponse r = mcp.call(tool, args);
        assertTrue(r.isError(), tool + " answered " + McpCalls.text(r));
        return McpCalls.text(r);
    }

    @Test
    void skillNamesPastTheSaveRuleAreRefusedByThatRule() {
        assertEquals("name: is 100000 characters; at most 64 are allowed", refusal("load_skill", Map.of("name", LONG)));
        assertEquals("name: is 100000 characters; at most 64 are allowed", refusal("delete_skill", Map.of("name", LONG)));
        assertEquals("name: must be a Python identifier: ASCII letters, digits and '_', not starting with a digit",
                refusal("load_skill", Map.of("name", "no-such skill")));
    }

    @Test
    void unknownToolNamesAndExecutionIdsAreEchoedShort() {
        String definition = refusal("get_tool_definition", Map.of("name", LONG));
        assertTrue(definition.startsWith("name: no tool named '" + ECHO + "'"), definition);
        assertTrue(definition.length() < 1_000, "a " + definition.length() + "-character refusal");

        String execution = refusal("get_execution", Map.of("execution_id", LONG + "." + "0".repeat(32)));
        assertTrue(execution.startsWith("execution_id: was started by server " + ECHO + ", not this one ("), execution);
        assertTrue(execution.length() < 1_000, "a " + execution.length() + "-character refusal");

        String shapeless = refusal("get_execution", Map.of("execution_id", LONG + ".1"));
        assertTrue(shapeless.startsWith("execution_id: \"" + ECHO + "\" is not an execution id"), shapeless);
        assertTrue(shapeless.length() < 1_000, "a " + shapeless.length() + "-character refusal");
    }

    /** Every query word is scored against every skill: a query had no bound, where search_tools' has 500 characters. */
    @Test
    void aListSkillsQueryPastItsLimitIsRefusedNamingTheLimit() {
        assertEquals("query: is 100000 characters, longer than the limit of 500",
                refusal("list_skills", Map.of("query", LONG)));
        ToolResponse atTheLimit = mcp.call("list_skills", Map.of("query", "csv ".repeat(125)));
        assertFalse(atTheLimit.isError(), McpCalls.text(atTheLimit));
    }

    @Test
    void refusalsNameTheFieldThatWasSent() {
        assertEquals("tag: must be 1 to 32 characters of a-z, 0-9, '_' or '-', starting with a letter or digit",
                refusal("list_skills", Map.of("tag", "t".repeat(33))));
        // workspace.max-depth is 32 in tests: 32 folders and the file make 33 levels.
        assertEquals("path: the path would be 33 levels deep, over workspace.max-depth=32",
                refusal("write_workspace_file", Map.of("path", "d/".repeat(32) + "f.txt", "content", "x")));
    }
}
