package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.codeexec.pii.RestoreResult;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code import pii} inside execute_code, on the connection's vault; needs the host bridge. */
@QuarkusTest
@Tag("bridge")
class PiiBridgeTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    @Test
    void guestSanitizeUsesTheSameTokensAsTheTool() {
        McpCalls.Exec r = mcp.exec("import pii\nprint(pii.sanitize('mail guest@example.com'))");
        assertEquals("mail <EMAIL_ADDRESS_1>\n", r.stdout(), r.stderr());
        JsonObject restored = JsonObject.mapFrom(mcp.call("restore_pii", Map.of("text", "<EMAIL_ADDRESS_1>"))
                .structuredContent());
        assertEquals("guest@example.com", restored.getString("text"));
    }

    @Test
    void guestRestoreAndDetails() {
        mcp.call("sanitize_pii", Map.of("text", "host 10.9.8.7"));
        McpCalls.Exec r = mcp.exec("""
                import pii
                print(pii.restore('ip <IP_ADDRESS_1>'))
                d = pii.sanitize('card 4111 1111 1111 1111', details=True)
                print(d['counts'], d['entities'][0]['start'])
                try:
                    pii.sanitize('x', entities=['NOPE'])
                except ValueError as e:
                    print('ValueError', str(e).startswith('entities'))
                """);
        assertEquals("ip 10.9.8.7\n{'CREDIT_CARD': 1} 5\nValueError True\n", r.stdout(), r.stderr());
    }

    /**
     * A client that opens a connection per call restores a run's tokens on the next connection with the vault handle
     * the run returned; without it, it is told to pass one. A run that tokenized nothing names no vault.
     */
    @Test
    void aRunThatTokenizedNamesItsVaultForTheNextConnection() {
        JsonObject plain = JsonObject.mapFrom(mcp.call("execute_code", Map.of("code", "print(1)")).structuredContent());
        assertFalse(plain.containsKey("vault"), plain.encode());
        JsonObject run = JsonObject.mapFrom(mcp.call("execute_code",
                Map.of("code", "import pii\nprint(pii.sanitize('mail next@example.com'))")).structuredContent());
        assertEquals("mail <EMAIL_ADDRESS_1>\n", run.getString("stdout"), run.encode());
        String vault = run.getString("vault");
        McpCalls next = new McpCalls();
        JsonObject without = JsonObject.mapFrom(next.call("restore_pii", Map.of("text", "<EMAIL_ADDRESS_1>"))
                .structuredContent());
        assertEquals("<EMAIL_ADDRESS_1>", without.getString("text"));
        assertEquals(RestoreResult.PASS_THE_VAULT, without.getString("note"));
        JsonObject with = JsonObject.mapFrom(next.call("restore_pii", Map.of("text", "<EMAIL_ADDRESS_1>",
                "vault", vault)).structuredContent());
        assertEquals("next@example.com", with.getString("text"), with.encode());
        assertFalse(with.containsKey("note"), with.encode());
    }

    @Test
    void anotherConnectionsGuestCannotRestore() {
        mcp.call("sanitize_pii", Map.of("text", "owner@example.com"));
        McpCalls other = new McpCalls();
        McpCalls.Exec r = other.exec("import pii\nprint(pii.restore('<EMAIL_ADDRESS_1>'))");
        assertEquals("<EMAIL_ADDRESS_1>\n", r.stdout(), r.stderr());
    }

    /**
     * Guest code, run fresh, that forgets json (a spare interpreter has it preloaded) and then holds the next import
     * of json inside its top level, after sys.modules has it, until {@code release} is set; {@code inside} is set once
     * the import is held there.
     */
    private static final String HOLD_JSON = """
            import importlib, importlib.machinery, sys, threading
            for name in [n for n in sys.modules if n == "json" or n.startswith("json.")]:
                del sys.modules[name]
            inside, release = threading.Event(), threading.Event()

            class HeldLoader:
                def __init__(self, loader):
                    self.loader = loader
                def create_module(self, spec):
                    return self.loader.create_module(spec)
                def exec_module(self, module):
                    inside.set()
                    release.wait()
                    self.loader.exec_module(module)

            class HoldJson:
                def find_spec(self, name, path=None, target=None):
                    if name != "json" or inside.is_set():
                        return None
                    spec = importlib.machinery.PathFinder.find_spec(name, path)
                    spec.loader = HeldLoader(spec.loader)
                    return spec
            sys.meta_path.insert(0, HoldJson())
            results = {}
            """;

    /**
     * A thread's first pii call while another thread is still running json's top level (a pool's workers calling
     * pii at once) waits for json as an import statement would, and gets the whole module: it got json half made
     * ("partially initialized module 'json' has no attribute 'loads'"). The first import is held inside json's top
     * level until the pii caller is seen waiting on importlib's lock for json, so the race is forced.
     */
    @Test
    void firstPiiCallsWaitForJsonAnotherThreadIsImporting() {
        McpCalls.Exec r = mcp.exec(Map.of("fresh", true, "code", HOLD_JSON + ModuleLockRace.PYTHON + """
                def first_import():
                    import json
                    results["json"] = hasattr(json, "loads")

                def first_call():
                    try:
                        import pii
                        results["pii"] = pii.sanitize("mail held@example.com")
                    except Exception as e:
                        results["pii"] = repr(e)

                race_on_module_lock("json", first_import, first_call, inside, release)
                print(results["json"], results["pii"])
                """));
        assertEquals("True mail <EMAIL_ADDRESS_1>\n", r.stdout(), r.stderr());
    }

    /**
     * While a thread's first pii call is inside json's import, another thread of the run still imports from the
     * workspace: the bridge swapped sys.path to the standard library's for every thread, and the workspace module
     * was not found.
     */
    @Test
    void otherThreadsImportFromTheWorkspaceWhileTheBridgeImportsJson() {
        McpCalls.Exec r = mcp.exec(Map.of("fresh", true, "code", HOLD_JSON + """
                with open("pii_bridge_race_helper.py", "w") as f:
                    f.write("VALUE = 7\\n")
                importlib.invalidate_caches()

                def first_call():
                    import pii
                    results["pii"] = pii.sanitize("mail path@example.com")

                def workspace_import():
                    inside.wait()
                    try:
                        import pii_bridge_race_helper
                        results["module"] = pii_bridge_race_helper.VALUE
                    except ImportError as e:
                        results["module"] = repr(e)
                    release.set()

                threads = [threading.Thread(target=first_call), threading.Thread(target=workspace_import)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                print(results["module"], results["pii"], "" in sys.path)
                """));
        assertEquals("7 mail <EMAIL_ADDRESS_1> True\n", r.stdout(), r.stderr());
    }
}
