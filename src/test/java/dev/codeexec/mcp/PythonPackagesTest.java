package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The packages directory the build fills (python-packages/, see python-packages.txt) as agents meet it over
 * MCP: PyYAML, Jinja2 and time zones work in the sandbox, the directory cannot be written, and failed imports
 * say what to do.
 */
@QuarkusTest
class PythonPackagesTest {

    static final Path PACKAGES = Path.of("python-packages");

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    private McpCalls.Exec ok(String code) {
        McpCalls.Exec r = mcp.exec(code, 120);
        assertEquals(0, r.exitCode(), "stdout: " + r.stdout() + "\nstderr: " + r.stderr());
        return r;
    }

    private McpCalls.Exec failed(String code) {
        McpCalls.Exec r = mcp.exec(code, 120);
        assertEquals(1, r.exitCode(), "stdout: " + r.stdout() + "\nstderr: " + r.stderr());
        return r;
    }

    @Test
    void yamlRoundTripsANestedDocument() {
        McpCalls.Exec r = ok("""
                import yaml
                doc = {"service": {"name": "api", "ports": [80, 443], "tls": True,
                                   "owners": [{"name": "Zoë", "since": 2021}], "note": None}}
                text = yaml.safe_dump(doc, sort_keys=True, allow_unicode=True)
                print(yaml.safe_load(text) == doc)
                print(text, end="")
                print(yaml.__with_libyaml__)
                """);
        assertEquals("""
                True
                service:
                  name: api
                  note: null
                  owners:
                  - name: Zoë
                    since: 2021
                  ports:
                  - 80
                  - 443
                  tls: true
                False
                """, r.stdout());
    }

    @Test
    void jinja2RendersAWorkspaceTemplateWithALoopAFilterAndAutoescape() {
        String dir = "templates-" + UUID.randomUUID();
        assertFalse(mcp.call("write_workspace_file", Map.of("path", dir + "/report.html", "content", """
                <h1>{{ title | upper }}</h1>
                <ul>{% for item in items %}<li>{{ item.name }}: {{ item.qty }}</li>{% endfor %}</ul>
                """)).isError());
        McpCalls.Exec r = ok("""
                from jinja2 import Environment, FileSystemLoader, select_autoescape
                env = Environment(loader=FileSystemLoader("%s"), autoescape=select_autoescape(["html"]))
                print(env.get_template("report.html").render(title="stock <b>",
                      items=[{"name": "<script>x</script>", "qty": 2}, {"name": "bolts & nuts", "qty": 10}]), end="")
                """.formatted(dir));
        assertEquals("""
                <h1>STOCK &lt;B&gt;</h1>
                <ul><li>&lt;script&gt;x&lt;/script&gt;: 2</li><li>bolts &amp; nuts: 10</li></ul>""", r.stdout());
    }

    @Test
    void zoneinfoConvertsUtcToParisAndNewYorkAcrossTheirDstChanges() {
        McpCalls.Exec r = ok("""
                from datetime import datetime, timezone
                from zoneinfo import ZoneInfo
                for zone, instants in {"Europe/Paris": ["2024-03-31T00:30", "2024-03-31T01:30", "2024-10-27T00:30",
                                                        "2024-10-27T01:30"],
                                       "America/New_York": ["2024-03-10T06:30", "2024-03-10T07:30"]}.items():
                    for utc in instants:
                        local = datetime.fromisoformat(utc).replace(tzinfo=timezone.utc).astimezone(ZoneInfo(zone))
                        print(zone, utc, local.isoformat(), local.tzname())
                """);
        assertEquals("""
                Europe/Paris 2024-03-31T00:30 2024-03-31T01:30:00+01:00 CET
                Europe/Paris 2024-03-31T01:30 2024-03-31T03:30:00+02:00 CEST
                Europe/Paris 2024-10-27T00:30 2024-10-27T02:30:00+02:00 CEST
                Europe/Paris 2024-10-27T01:30 2024-10-27T02:30:00+01:00 CET
                America/New_York 2024-03-10T06:30 2024-03-10T01:30:00-05:00 EST
                America/New_York 2024-03-10T07:30 2024-03-10T03:30:00-04:00 EDT
                """, r.stdout());
    }

    @Test
    void guestCodeCannotWriteIntoThePackagesDirectory() throws IOException {
        Path yamlInit = PACKAGES.resolve("yaml/__init__.py");
        String before = Files.readString(yamlInit);
        // Where the guest sees the directory: /packages under bwrap, its real path otherwise (OsSandboxTest).
        String real = ok("import os, yaml\nprint(os.path.dirname(os.path.dirname(yaml.__file__)))").stdout().strip();
        assertTrue(real.equals("/packages") || real.equals(PACKAGES.toRealPath().toString()), real);
        String planted = "planted_" + UUID.randomUUID().toString().replace('-', '_');
        for (String attempt : List.of(
                "open(os.path.join(pkg, '%s.py'), 'w').write('x = 1')",
                "open(yaml.__file__, 'a').write('\\nimport os\\n')",
                "os.remove(yaml.__file__)",
                "os.mkdir(os.path.join(pkg, '%s'))",
                "os.chmod(yaml.__file__, 0o777)")) {
            McpCalls.Exec r = failed("import os, yaml\npkg = os.path.dirname(os.path.dirname(yaml.__file__))\n"
                    + attempt.formatted(planted));
            // Refused like any path outside the workspace, naming the path inside the packages directory (a removal
            // as os.remove outside it is: EACCES; the rest EPERM).
            String refusal = attempt.startsWith("os.remove") ? "[Errno 13] Permission denied" : "[Errno 1] Operation not permitted";
            assertTrue(r.stderr().contains("PermissionError: " + refusal + ": '" + real), attempt + "\n" + r.stderr());
        }
        // A move into it is refused as well (the host does renames, confined to the workspace).
        assertTrue(failed("import os, yaml\nopen('moved.py', 'w').write('x = 1')\n"
                + "os.replace('moved.py', os.path.join(os.path.dirname(yaml.__file__), 'moved.py'))")
                .stderr().contains("PermissionError"));
        assertEquals(before, Files.readString(yamlInit));
        assertFalse(Files.exists(PACKAGES.resolve(planted + ".py")));
        assertFalse(Files.exists(PACKAGES.resolve(planted)));
        assertFalse(Files.exists(PACKAGES.resolve("yaml/moved.py")));
        // Reading stays allowed: it is library code.
        assertEquals("True\n", ok("import yaml\nprint('def safe_load' in open(yaml.__file__).read())").stdout());
    }

    @Test
    void aMissingPackageGivesAClearImportError() {
        McpCalls.Exec r = failed("import requests");
        assertTrue(r.stderr().strip().endsWith("ModuleNotFoundError: No module named 'requests'; besides the "
                + "standard library the sandbox has jinja2, markupsafe, tzdata, yaml (no pip: pure-Python packages "
                + "are added by the operator)"), r.stderr());
        // Caught, it is the ordinary error, and probing for optional modules works as under CPython.
        assertEquals("No module named 'requests'\nNone\n", ok("""
                import importlib.util
                try:
                    import requests
                except ImportError as e:
                    print(e)
                print(importlib.util.find_spec("requests"))
                """).stdout());
    }

    @Test
    void aPackageNeedingACExtensionSaysSoInOneLine() {
        String name = "fastpkg_" + UUID.randomUUID().toString().replace('-', '_');
        McpCalls.Exec r = failed("""
                import os
                os.makedirs("%1$s", exist_ok=True)
                open("%1$s/__init__.py", "w").write("from ._speedups import scan\\n")
                open("%1$s/_speedups.cpython-311-x86_64-linux-gnu.so", "wb").write(b"\\x7fELF")
                import %1$s
                """.formatted(name));
        String last = r.stderr().strip().lines().reduce((a, b) -> b).orElse("");
        assertEquals("ModuleNotFoundError: " + name + " needs a C extension (" + name
                + "/_speedups.cpython-311-x86_64-linux-gnu.so), which the sandbox cannot load: only pure-Python "
                + "packages work here", last, r.stderr());
    }

    /** Package state stays within the tenant's warm interpreters: a fresh run never sees it (tenants: TenantIsolationTest). */
    @Test
    void packageStateNeverReachesAFreshRun() {
        ok("import yaml\nyaml.codeexec_mark = 'caller one'");
        McpCalls.Exec r = mcp.exec(Map.of("code", "import yaml\nprint(getattr(yaml, 'codeexec_mark', None))",
                "timeout_s", 120, "fresh", true));
        assertEquals("None\n", r.stdout(), r.stderr());
    }

    @Test
    void statsListThePackagesWithTheirPinnedVersions() throws IOException {
        Map<String, String> pinned = new HashMap<>();
        for (String line : Files.readAllLines(Path.of("python-packages.txt"))) {
            String[] fields = line.strip().split("\\s+");
            if (fields.length == 3 && !fields[0].startsWith("#")) {
                pinned.put(fields[0], fields[1]);
            }
        }
        JsonArray listed = JsonObject.mapFrom(mcp.call("get_execution_stats", Map.of()).structuredContent())
                .getJsonArray("python_packages");
        Map<String, String> versions = new HashMap<>();
        for (int i = 0; i < listed.size(); i++) {
            versions.put(listed.getJsonObject(i).getString("name"), listed.getJsonObject(i).getString("version"));
        }
        pinned.forEach((name, version) -> assertEquals(version, versions.get(name), name + " in " + listed));
        assertTrue(versions.containsKey("tzdata"), listed.encode());
    }
}
