package dev.codeexec.skills;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.mcp.McpCalls;
import dev.codeexec.mcp.ModuleLockRace;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The guest module `skills` end to end: save over MCP, then load and import from sandboxed code. */
@QuarkusTest
@Tag("bridge")
class SkillsBridgeTest {

    McpCalls mcp;

    @BeforeAll
    static void patientClient() {
        // The MCP test client waits 10 s by default (Awaitility); a save includes a sandbox run, which a
        // loaded 2-core machine can take longer than that to schedule.
        Awaitility.setDefaultTimeout(Duration.ofMinutes(2));
    }

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    String saved(String code) {
        String name = "bridged_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        var r = mcp.call("save_skill", Map.of("name", name, "description", "Says hello to someone.", "code", code,
                "tags", List.of("bridge")));
        assertTrue(!r.isError(), () -> McpCalls.text(r));
        return name;
    }

    McpCalls.Exec ok(String code) {
        McpCalls.Exec r = mcp.exec(code);
        assertEquals(0, r.exitCode(), r.stderr());
        return r;
    }

    @Test
    void fromSkillsImportGivesTheNewestVersionAsAModule() {
        String name = saved("def hello(who):\n    return 'hello ' + who\n");
        assertEquals("hello ann\nskills." + name + "\n", ok("from skills import " + name + "\n"
                + "print(" + name + ".hello('ann'))\nprint(" + name + ".__name__)").stdout());
        mcp.call("save_skill", Map.of("name", name, "description", "Says hello to someone.",
                "code", "def hello(who):\n    return 'hi ' + who\n"));
        assertEquals("hi bob 2\n", ok("from skills import " + name + "\nprint(" + name + ".hello('bob'), "
                + name + ".__skill_version__)").stdout());
    }

    /** `skills` is a package to the import statement: `import skills.x` once said "'skills' is not a package". */
    @Test
    void importStatementsReachSkillsAsSubmodules() {
        String name = saved("def hello(who):\n    return 'hello ' + who\n");
        assertEquals("hello ann hello bob hello cy skills." + name + "\n", ok("import skills." + name + "\n"
                + "import skills." + name + " as s\nfrom skills." + name + " import hello\n"
                + "print(skills." + name + ".hello('ann'), s.hello('bob'), hello('cy'), s.__name__)").stdout());
        McpCalls.Exec missing = mcp.exec("import skills.chunk_lst");
        assertTrue(missing.stderr().contains("ModuleNotFoundError") && missing.stderr().contains("did you mean chunk_list"),
                missing.stderr());
    }

    /** After `import skills.x` the import statement would keep x on the package; `from skills import x` still
     *  gives the version saved since, in the same session. */
    @Test
    void fromSkillsImportFindsANewVersionAfterImportSkillsDotName() {
        String name = saved("V = 1\n");
        var opened = mcp.call("execute_code", Map.of("code", "import skills." + name + "\nprint(skills." + name + ".V)",
                "session", "new"));
        var result = io.vertx.core.json.JsonObject.mapFrom(opened.structuredContent());
        assertEquals("1\n", result.getString("stdout"), result.getString("stderr"));
        mcp.call("save_skill", Map.of("name", name, "description", "Says hello to someone.", "code", "V = 2\n"));
        assertEquals("2 2\n", mcp.exec(Map.of("session", result.getString("session"), "code",
                "from skills import " + name + "\nprint(" + name + ".V, skills." + name + ".V)")).stdout());
    }

    /** Names the guest module once used for itself (_sys, _b, ...) hid skills of those names from import. */
    @Test
    void aSkillNamedLikeAPrivateHelperIsImportedAsItself() {
        for (String name : List.of("_sys", "_b", "_fetch", "_types")) {
            var r = mcp.call("save_skill", Map.of("name", name, "description", "A helper with a private name.",
                    "code", "X = 42\n"));
            assertTrue(!r.isError(), () -> McpCalls.text(r));
            assertEquals("42 skills." + name + "\n", ok("from skills import " + name + "\nprint(" + name + ".X, "
                    + name + ".__name__)").stdout());
        }
    }

    @Test
    void loadReturnsTheCodeOfAVersion() {
        String name = saved("X = 1\n");
        mcp.call("save_skill", Map.of("name", name, "description", "Says hello to someone.", "code", "X = 2\n"));
        assertEquals("'X = 2\\n' 'X = 1\\n'\n", ok("import skills\nprint(repr(skills.load('" + name + "')), "
                + "repr(skills.load('" + name + "', version=1)))").stdout());
        assertEquals("1\n", ok("import skills\nprint(skills.module('" + name + "', version=1).X)").stdout());
    }

    @Test
    void listFindsSavedSkills() {
        String name = saved("X = 1\n");
        assertEquals(name + "\n", ok("import skills\nprint(skills.list(query='" + name + "')['skills'][0]['name'])")
                .stdout());
    }

    @Test
    void starterSkillImportsInOneLine() {
        assertEquals("[[1, 2], [3]]\n", ok("from skills import chunk_list\nprint(chunk_list.chunk_list([1, 2, 3], 2))")
                .stdout());
    }

    @Test
    void unknownSkillIsAnImportErrorNamingCloseNames() {
        McpCalls.Exec r = mcp.exec("from skills import chunk_lst");
        assertEquals(1, r.exitCode());
        assertTrue(r.stderr().contains("ImportError") && r.stderr().contains("did you mean chunk_list"), r.stderr());
        McpCalls.Exec lookup = mcp.exec("import skills\nskills.load('no_such_skill_zz')");
        assertTrue(lookup.stderr().contains("LookupError"), lookup.stderr());
    }

    /**
     * A thread importing a skill while another still runs the skill's code (a pool's workers importing it at once)
     * waits for the whole module, by {@code from skills import} and by the import statement alike: it got the
     * module half made from sys.modules. The skill's code is held until the second importer waits on importlib's
     * lock for it, so the race is forced.
     */
    @Test
    void threadsImportingASkillAtOnceWaitForTheWholeModule() {
        String name = saved("""
                import sys
                held = sys.modules.get("_skill_hold")
                if held is not None:
                    held.inside.set()
                    held.release.wait()
                def value():
                    return 42
                """);
        McpCalls.Exec r = ok(ModuleLockRace.PYTHON + """
                import sys, threading, types

                def race(second_import):
                    held = types.ModuleType("_skill_hold")
                    held.inside, held.release = threading.Event(), threading.Event()
                    sys.modules["_skill_hold"] = held
                    sys.modules.pop("skills.NAME", None)
                    results = {}

                    def first():
                        from skills import NAME
                        results["first"] = NAME.value()

                    def second():
                        try:
                            results["second"] = second_import().value()
                        except Exception as e:
                            results["second"] = repr(e)

                    race_on_module_lock("skills.NAME", first, second, held.inside, held.release)
                    print(results["first"], results["second"])

                def from_skills():
                    from skills import NAME
                    return NAME

                def import_statement():
                    import skills.NAME  # the statement itself must wait: the name below no longer would
                    return sys.modules["skills.NAME"]
                race(from_skills)
                race(import_statement)
                """.replace("NAME", name));
        assertEquals("42 42\n42 42\n", r.stdout(), r.stderr());
    }
}
