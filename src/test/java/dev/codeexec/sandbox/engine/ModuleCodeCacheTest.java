package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.PythonPackages;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Library modules are compiled once per engine, by the host, and shared by every interpreter: compiled in each
 * context, GraalPy kept every copy for the engine's life and a worker's heap grew with the interpreters it built.
 */
@Execution(ExecutionMode.CONCURRENT)
class ModuleCodeCacheTest {

    private static String run(PythonInterpreter interpreter, String code) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        interpreter.start(code, new byte[0], "caller", out, out, false, true).get();
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aLibraryOrPackageModuleIsCompiledOnceForEveryInterpreterAndKeepsItsFileInTracebacks() throws Exception {
        Path root = Files.createDirectories(Path.of("target/module-code-workspace")).toRealPath();
        Files.writeString(root.resolve("own_module.py"), "VALUE = 41 + 1\n");
        WorkspaceQuota quota = new WorkspaceQuota(1 << 20, 1 << 24, 100, 32);
        String program = "import fractions, own_module, json, yaml\n"
                + "print(fractions.Fraction(1, 3) + 1, own_module.VALUE, yaml.safe_load('a: 1'))\n"
                + "json.loads('{')\n";
        try (SandboxContexts contexts = new SandboxContexts(new WorkspaceRoot(root),
                PythonPackages.scan(Path.of("python-packages")), quota, 16, OutputStream.nullOutputStream(),
                (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}")) {
            contexts.shareModuleCode();
            String first;
            try (PythonInterpreter one = contexts.newInterpreter(contexts.workspace())) {
                first = run(one, program);
            }
            long compiled = contexts.moduleCompilations();
            String second;
            try (PythonInterpreter two = contexts.newInterpreter(contexts.workspace())) {
                second = run(two, program);
            }
            assertTrue(first.startsWith("4/3 42 {'a': 1}\n"), first);
            assertTrue(first.contains("json/decoder.py\", line"), "a library frame names its file: " + first);
            assertTrue(first.endsWith("json.decoder.JSONDecodeError: Expecting property name enclosed in double quotes: "
                    + "line 1 column 2 (char 1)\n"), first);
            assertEquals(first, second);
            assertTrue(compiled > 0, "the first interpreter's imports were compiled by the host");
            assertEquals(compiled, contexts.moduleCompilations(), "the second interpreter compiled no library module");
        } finally {
            Files.deleteIfExists(root.resolve("own_module.py"));
        }
    }

    @Test
    void onlyFilesUnderTheLibraryRootsAndKnownGuestModulesAreShared() throws Exception {
        Path library = Files.createDirectories(Path.of("target/module-code-library")).toRealPath();
        Path workspace = Files.createDirectories(Path.of("target/module-code-elsewhere")).toRealPath();
        Path module = Files.writeString(library.resolve("lib_module.py"), "X = 1\n");
        Path outside = Files.writeString(workspace.resolve("ws_module.py"), "X = 2\n");
        Path link = workspace.resolve("link_module.py");
        Files.deleteIfExists(link);
        Files.createSymbolicLink(link, outside);
        Path inLibraryLinkOut = library.resolve("out_module.py");
        Files.deleteIfExists(inLibraryLinkOut);
        Files.createSymbolicLink(inLibraryLinkOut, outside);
        List<String> compiled = new ArrayList<>();
        ModuleCodeCache cache = new ModuleCodeCache((path, source) -> {
            compiled.add(path);
            return "code of " + source;
        }, () -> List.of(library), Map.of("_guest", "Y = 'é'\n"), 1 << 10, ModuleCodeFile.none());

        assertEquals("code of X = 1\n", cache.code(module.toString(), true));
        assertEquals("code of X = 1\n", cache.code(module.toString(), true));
        assertEquals(List.of(module.toString()), compiled, "compiled once");
        Files.writeString(module, "X = 3\n");
        assertEquals("code of X = 3\n", cache.code(module.toString(), true), "a changed file is compiled afresh");

        assertNull(cache.code(outside.toString(), true), "outside the library roots");
        assertNull(cache.code(inLibraryLinkOut.toString(), true), "a link in the library to a file outside it");
        assertNull(cache.code(library.resolve("missing.py").toString(), true));
        assertNull(cache.code("<unknown>", true));
        assertNotNull(cache.code("<_guest>", true), "a guest module, by name");
        assertEquals("code of " + new String("Y = 'é'\n".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1),
                cache.code("<_guest>", true), "its UTF-8 bytes, one char each");

        Files.writeString(module, "X = '" + "x".repeat(2000) + "'\n");
        int before = compiled.size();
        assertNull(cache.code(module.toString(), true), "past the bound the guest compiles it itself");
        assertEquals(before + 1, compiled.size());
    }

    @Test
    void storedModulesAreLoadedWithoutACompilerButOnlyForTheFileTheyWereCompiledFrom() throws Exception {
        Path library = Files.createDirectories(Path.of("target/module-code-stored")).toRealPath();
        Path module = Files.writeString(library.resolve("stored_module.py"), "X = 1\n");
        Path other = Files.writeString(library.resolve("other_module.py"), "X = 2\n");
        Path link = library.resolve("linked_module.py");
        Files.deleteIfExists(link);
        Path stored = library.resolve("modules.bin");
        ModuleCodeCache recording = new ModuleCodeCache((path, source) -> "code of " + source, () -> List.of(library),
                Map.of("_guest", "Y = 2\n"), 1 << 10, ModuleCodeFile.none());
        recording.code(module.toString(), true);
        recording.code("<_guest>", true);
        ModuleCodeFile.write(stored, recording.entries());
        Files.createSymbolicLink(link, module);

        List<String> compiled = new ArrayList<>();
        try (ModuleCodeFile file = ModuleCodeFile.open(stored)) {
            ModuleCodeCache cache = new ModuleCodeCache((path, source) -> {
                compiled.add(path);
                return "compiled " + source;
            }, () -> {
                throw new AssertionError("the library roots come from the compiler, which is not built yet");
            }, Map.of("_guest", "Y = 2\n"), 1 << 10, file);

            assertEquals("code of X = 1\n", cache.code(module.toString(), false), "stored, with no compiler");
            assertEquals("code of Y = 2\n", cache.code("<_guest>", false), "a guest module too");
            assertEquals(2, cache.storedLoads());
            assertNull(cache.code(other.toString(), false), "not stored, and nothing compiles it yet");
            assertNull(cache.code(link.toString(), false), "a path the file does not name, though it leads there");
            Files.writeString(module, "X = 3\n");
            assertNull(cache.code(module.toString(), false), "the file changed since it was compiled");
            assertEquals(List.of(), compiled);
        }
    }

    @Test
    void aStoredFileThatIsNotOneOfOursIsRefusedWhole() throws Exception {
        Path dir = Files.createDirectories(Path.of("target/module-code-stored-bad"));
        Path stored = dir.resolve("modules.bin");
        ModuleCodeFile.write(stored, Map.of("/lib/a.py\0digest", "data of a", "/lib/b.py\0digest", "data of b"));
        try (ModuleCodeFile file = ModuleCodeFile.open(stored)) {
            assertTrue(file.knows("/lib/a.py"));
            assertEquals("data of b", file.read("/lib/b.py\0digest"));
            assertNull(file.read("/lib/b.py\0other"));
        }
        byte[] whole = Files.readAllBytes(stored);
        Files.write(stored, java.util.Arrays.copyOf(whole, whole.length - 1));
        assertThrows(java.io.IOException.class, () -> ModuleCodeFile.open(stored).close(), "truncated");
        Files.writeString(stored, "not a module code file at all");
        assertThrows(java.io.IOException.class, () -> ModuleCodeFile.open(stored).close(), "foreign");
    }

    @Test
    void aWorkersFirstInterpreterImportsStoredModulesItDidNotCompile() throws Exception {
        Path root = Files.createDirectories(Path.of("target/module-code-first")).toRealPath();
        Path stored = root.getParent().resolve("module-code-first.bin");
        WorkspaceQuota quota = new WorkspaceQuota(1 << 20, 1 << 24, 100, 32);
        HostCalls noHost = (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}";
        try (SandboxContexts recording = new SandboxContexts(new WorkspaceRoot(root),
                PythonPackages.scan(Path.of("python-packages")), quota, 16, OutputStream.nullOutputStream(), noHost)) {
            recording.recordModuleCode(stored);
            assertTrue(recording.moduleCompilations() > 0);
        }
        try (SandboxContexts contexts = new SandboxContexts(new WorkspaceRoot(root),
                PythonPackages.scan(Path.of("python-packages")), quota, 16, OutputStream.nullOutputStream(), noHost,
                java.util.Optional.of(stored));
                PythonInterpreter first = contexts.newInterpreter(contexts.workspace())) {
            // No shareModuleCode(): as in a worker before its first interpreter is offered.
            String out = run(first, "import json, traceback\nprint(json.dumps([1, 2]))\nint('x')\n");
            assertTrue(out.startsWith("[1, 2]\n") && out.contains("ValueError: invalid literal for int()"), out);
            assertTrue(contexts.storedModuleLoads() >= 10, "json and its imports came from the stored file: "
                    + contexts.storedModuleLoads());
            assertEquals(0, contexts.moduleCompilations(), "no compiler was built for them");
            // Beyond the preload: a worker's first asyncio loads its code instead of compiling it (3.2 s).
            long before = contexts.storedModuleLoads();
            assertEquals("ok\n", run(first, "import asyncio, zipfile, statistics\nprint('ok')\n"));
            assertTrue(contexts.storedModuleLoads() - before >= 20, "asyncio, zipfile and statistics came from the "
                    + "stored file: " + (contexts.storedModuleLoads() - before) + " modules");
            assertEquals(0, contexts.moduleCompilations());
        }
    }
}
