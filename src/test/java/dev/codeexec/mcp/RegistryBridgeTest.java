package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** import tools inside execute_code: search, call by name and by category, schema validation. */
@QuarkusTest
@Tag("bridge")
class RegistryBridgeTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    @Test
    void searchFromSandboxedCode() {
        McpCalls.Exec r = mcp.exec("import tools\nprint(tools.search('join two tables', limit=3)[0]['name'])");
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("table_join\n", r.stdout());
    }

    @Test
    void registryToolRunsInTheSandboxByNameAndByCategory() {
        McpCalls.Exec r = mcp.exec("""
                import tools
                print(tools.call('case_convert', text='userAccountId', to='snake')['result'])
                out = tools.data.dedupe_records(records=[{'a': 1}, {'a': 1}, {'a': 2}])
                print(out['removed'], len(out['records']))
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals("user_account_id\n1 2\n", r.stdout());
    }

    @Test
    void argumentsAreValidatedAgainstTheInputSchemaNamingTheField() {
        McpCalls.Exec r = mcp.exec("""
                import tools
                for bad in ({'text': 3, 'to': 'snake'}, {'text': 'x', 'to': 'shout'}, {'text': 'x'},
                            {'text': 'x', 'to': 'snake', 'colour': 1}):
                    try:
                        tools.text.case_convert(**bad)
                    except (TypeError, ValueError) as e:
                        print(type(e).__name__, e)
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        String[] lines = r.stdout().split("\n");
        assertEquals(4, lines.length, r.stdout());
        assertTrue(lines[0].startsWith("TypeError case_convert(): text: expected string or array"), lines[0]);
        assertTrue(lines[1].startsWith("ValueError case_convert(): to: must be one of"), lines[1]);
        assertEquals("TypeError case_convert(): missing required argument 'to'", lines[2]);
        assertTrue(lines[3].startsWith("TypeError case_convert(): unexpected argument 'colour'"), lines[3]);
    }

    /** An uncaught argument error names the tool and shows the caller's line, not the sandbox's glue. */
    @Test
    void anUncaughtArgumentErrorShowsTheCallersLineOnly() {
        McpCalls.Exec r = mcp.exec("import tools\ntools.text.case_convert(text='x', to='shout')");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().startsWith("Traceback (most recent call last):\n  File \"<string>\", line 2, in "
                + "<module>\nValueError: case_convert(): to: must be one of"), r.stderr());
        assertFalse(r.stderr().contains("<tools>"), r.stderr());
    }

    @Test
    void unknownToolIsALookupErrorWithSuggestions() {
        McpCalls.Exec r = mcp.exec("""
                import tools
                try:
                    tools.call('table_joni', left=[], right=[], on=['a'])
                except LookupError as e:
                    print('LookupError', e)
                """);
        assertEquals(0, r.exitCode(), r.stderr());
        assertTrue(r.stdout().contains("closest: table_join"), r.stdout());
    }
}
