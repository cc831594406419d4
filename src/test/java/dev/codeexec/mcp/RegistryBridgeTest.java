package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
        assertTrue(lines[0].startsWith("TypeError text: expected string or array"), lines[0]);
        assertTrue(lines[1].startsWith("ValueError to: must be one of"), lines[1]);
        assertEquals("TypeError missing required argument 'to'", lines[2]);
        assertTrue(lines[3].startsWith("TypeError unexpected argument 'colour'"), lines[3]);
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
