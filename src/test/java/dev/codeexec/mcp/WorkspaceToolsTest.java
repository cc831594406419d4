package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The workspace tools over MCP, and their agreement with execute_code on what the workspace holds. */
@QuarkusTest
class WorkspaceToolsTest {

    /** %test.workspace.max-file-bytes in application.properties. */
    static final int MAX_FILE_BYTES = 1_048_576;
    static final Path WORKSPACE = Path.of("target/test-workspace");

    McpCalls mcp;
    String dir;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
        dir = "tools-" + UUID.randomUUID();
    }

    private JsonObject ok(String tool, Map<String, Object> args) {
        ToolResponse r = mcp.call(tool, args);
        assertFalse(r.isError(), () -> tool + " failed: " + McpCalls.text(r));
        return JsonObject.mapFrom(r.structuredContent());
    }

    private String error(String tool, Map<String, Object> args) {
        ToolResponse r = mcp.call(tool, args);
        assertTrue(r.isError(), () -> tool + " should have failed: " + McpCalls.text(r));
        return McpCalls.text(r);
    }

    @Test
    void toolsAreListedWithReadOnlyHintsOnReads() {
        mcp.client().when().toolsList(page -> {
            for (String name : List.of("read_workspace_file", "list_workspace_files", "get_execution_stats")) {
                assertTrue(page.findByName(name).annotations().orElseThrow().readOnlyHint(), name);
            }
            for (String name : List.of("write_workspace_file", "delete_workspace_file")) {
                assertFalse(page.findByName(name).annotations().orElseThrow().readOnlyHint(), name);
            }
        }).thenAssertResults();
    }

    @Test
    void aPathUnderAFileIsRefusedNamingTheFile() {
        ok("write_workspace_file", Map.of("path", dir + "/a.txt", "content", "x"));
        String expected = "path: '" + dir + "/a.txt/child' cannot be under '" + dir + "/a.txt', which is a file, "
                + "not a directory";
        assertEquals(expected, error("write_workspace_file", Map.of("path", dir + "/a.txt/child", "content", "x")));
        assertEquals(expected, error("write_workspace_file", Map.of("path", dir + "/a.txt/child", "content", "x",
                "mode", "append")));
        assertEquals(expected, error("read_workspace_file", Map.of("path", dir + "/a.txt/child")));
        assertEquals(expected, error("delete_workspace_file", Map.of("path", dir + "/a.txt/child")));
        assertTrue(error("write_workspace_file", Map.of("path", dir + "/a.txt/b/c/d.txt", "content", "x"))
                .startsWith("path: '" + dir + "/a.txt/b/c/d.txt' cannot be under '" + dir + "/a.txt', which is a file"));
        assertEquals("x", ok("read_workspace_file", Map.of("path", dir + "/a.txt")).getString("content"));
    }

    @Test
    void backslashesAndTrailingSlashesAreRefusedNamingThePath() {
        assertEquals("path: '" + dir + "\\win.txt' contains a backslash; separate directories with /, e.g. "
                + "data/out.csv", error("write_workspace_file", Map.of("path", dir + "\\win.txt", "content", "x")));
        assertTrue(error("read_workspace_file", Map.of("path", dir + "\\win.txt")).contains("contains a backslash"));
        assertEquals("path: '" + dir + "/sub/' ends with /, which names a directory; name a file, e.g. " + dir
                + "/sub/out.txt", error("write_workspace_file", Map.of("path", dir + "/sub/", "content", "x")));
        assertFalse(Files.exists(WORKSPACE.resolve(dir + "\\win.txt")));
        assertFalse(Files.exists(WORKSPACE.resolve(dir).resolve("sub")));
    }

    /** A path of spaces alone wrote a file named by them, which a listing shows as nothing. */
    @Test
    void aPathOfWhitespaceAloneIsRefused() throws java.io.IOException {
        Files.deleteIfExists(WORKSPACE.resolve("   ")); // a run without the refusal left it
        String refusal = "path: is only whitespace: give a path relative to the workspace, e.g. data/out.csv";
        assertEquals(refusal, error("write_workspace_file", Map.of("path", "   ", "content", "x")));
        assertEquals(refusal, error("read_workspace_file", Map.of("path", " \t")));
        assertEquals(refusal, error("list_workspace_files", Map.of("path", "  ")));
        assertFalse(Files.exists(WORKSPACE.resolve("   ")));
    }

    @Test
    void writeReadListDeleteRoundTrip() {
        JsonObject written = ok("write_workspace_file", Map.of("path", dir + "/notes.txt", "content", "héllo\n"));
        assertEquals(dir + "/notes.txt", written.getString("path"));
        assertEquals(7, written.getLong("bytes"));
        JsonObject appended = ok("write_workspace_file", Map.of("path", dir + "/notes.txt", "content", "more",
                "mode", "append"));
        assertEquals(11, appended.getLong("bytes"));
        JsonObject read = ok("read_workspace_file", Map.of("path", dir + "/notes.txt"));
        assertEquals("héllo\nmore", read.getString("content"));
        assertEquals(11, read.getLong("bytes_returned"));
        assertEquals(11, read.getLong("total_bytes"));
        assertEquals(appended.getString("sha256"), read.getString("sha256_of_file"));
        assertTrue(read.getBoolean("eof"));
        JsonObject page = ok("read_workspace_file", Map.of("path", dir + "/notes.txt", "offset", 7, "length", 2));
        assertEquals("mo", page.getString("content"));
        assertFalse(page.getBoolean("eof"));
        // Without a length, a page of workspace.read-page-bytes (16 KiB), not the 1 MiB a call may ask for.
        ok("write_workspace_file", Map.of("path", dir + "/long.txt", "content", "x".repeat(40_000)));
        JsonObject first = ok("read_workspace_file", Map.of("path", dir + "/long.txt"));
        assertEquals(16384, first.getLong("bytes_returned"));
        assertFalse(first.getBoolean("eof"));
        assertTrue(ok("delete_workspace_file", Map.of("path", dir + "/long.txt")).getBoolean("deleted"));

        JsonObject list = ok("list_workspace_files", Map.of("path", dir));
        assertEquals(1, list.getInteger("total"));
        JsonObject entry = list.getJsonArray("entries").getJsonObject(0);
        assertEquals(dir + "/notes.txt", entry.getString("path"));
        assertEquals("file", entry.getString("type"));
        assertEquals(11, entry.getLong("bytes"));
        assertTrue(entry.getString("modified").endsWith("Z"), entry.getString("modified"));

        assertTrue(ok("delete_workspace_file", Map.of("path", dir + "/notes.txt")).getBoolean("deleted"));
        assertTrue(error("read_workspace_file", Map.of("path", dir + "/notes.txt")).contains("does not exist"));
        ok("delete_workspace_file", Map.of("path", dir));
    }

    @Test
    void refusalsAreToolErrorsNamingTheField() {
        ok("write_workspace_file", Map.of("path", dir + "/a.txt", "content", "x"));
        assertTrue(error("write_workspace_file", Map.of("path", dir + "/a.txt", "content", "y", "mode", "create"))
                .startsWith("path: "));
        assertTrue(error("write_workspace_file", Map.of("path", dir + "/b.txt", "content", "x", "mode", "bogus"))
                .startsWith("mode: "));
        assertTrue(error("write_workspace_file", Map.of("path", dir + "/b.txt", "content", "@@", "encoding", "base64"))
                .startsWith("content: "));
        String tooBig = error("write_workspace_file", Map.of("path", dir + "/big.txt",
                "content", "x".repeat(MAX_FILE_BYTES + 1)));
        assertTrue(tooBig.contains("workspace.max-file-bytes=" + MAX_FILE_BYTES), tooBig);
        assertTrue(error("read_workspace_file", Map.of("path", dir + "/a.txt", "length", 2_000_000))
                .startsWith("length: "));
        assertTrue(error("list_workspace_files", Map.of("limit", 5000)).startsWith("limit: "));
        assertTrue(error("delete_workspace_file", Map.of("path", dir + "/none")).startsWith("path: "));
    }

    @Test
    void binaryNeedsBase64() {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0, (byte) 0xFF};
        ok("write_workspace_file", Map.of("path", dir + "/x.png", "content", Base64.getEncoder().encodeToString(png),
                "encoding", "base64"));
        assertEquals("encoding: offset 0 holds 1 byte(s) that are not UTF-8 (binary data?); read from offset 1, or "
                + "with encoding=base64", error("read_workspace_file", Map.of("path", dir + "/x.png")));
        JsonObject r = ok("read_workspace_file", Map.of("path", dir + "/x.png", "encoding", "base64"));
        assertEquals(Base64.getEncoder().encodeToString(png), r.getString("content"));
    }

    /** A text file with one stray byte says where it is, so the text around it can still be read as text. */
    @Test
    void aStrayByteInTextIsNamedByItsOffset() {
        byte[] log = "line one\nbad \u00ff byte\nline three\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        ok("write_workspace_file", Map.of("path", dir + "/log.txt", "content", Base64.getEncoder().encodeToString(log),
                "encoding", "base64"));
        assertEquals("encoding: offset 13 holds 1 byte(s) that are not UTF-8 (binary data?); read up to it "
                + "(length=10), from offset 14, or with encoding=base64",
                error("read_workspace_file", Map.of("path", dir + "/log.txt", "offset", 3)));
        assertEquals(" byte\nline three\n",
                ok("read_workspace_file", Map.of("path", dir + "/log.txt", "offset", 14)).getString("content"));
    }

    @Test
    void pathAttacksAreRefused() throws Exception {
        Path outside = Files.createTempFile("codeexec-outside", ".txt");
        Files.writeString(outside, "host secret");
        Path link = WORKSPACE.resolve(dir + "-link");
        Files.createSymbolicLink(link, outside.toAbsolutePath());
        try {
            for (String attack : List.of("/etc/passwd", outside.toString(), "../pom.xml", "a/../../pom.xml",
                    dir + "-link", "bad\0name", "n".repeat(300), "d/".repeat(600))) {
                assertTrue(error("read_workspace_file", Map.of("path", attack)).startsWith("path: "), attack);
                assertTrue(error("write_workspace_file", Map.of("path", attack, "content", "pwned"))
                        .startsWith("path: "), attack);
                assertTrue(error("delete_workspace_file", Map.of("path", attack)).startsWith("path: "), attack);
            }
            assertTrue(error("list_workspace_files", Map.of("path", "..")).startsWith("path: "));
            assertEquals("host secret", Files.readString(outside));
        } finally {
            Files.delete(link);
            Files.delete(outside);
        }
    }

    @Test
    void filesWrittenByCodeAreVisibleToTheToolsAndBack() {
        McpCalls.Exec wrote = mcp.exec("import os\nos.makedirs('" + dir + "', exist_ok=True)\n"
                + "open('" + dir + "/from_code.csv', 'w').write('a,b\\n1,2\\n')");
        assertEquals(0, wrote.exitCode(), wrote.stderr());
        assertEquals("a,b\n1,2\n", ok("read_workspace_file", Map.of("path", dir + "/from_code.csv"))
                .getString("content"));
        JsonArray entries = ok("list_workspace_files", Map.of("path", dir, "pattern", "*.csv")).getJsonArray("entries");
        assertEquals(1, entries.size());

        String sha = ok("write_workspace_file", Map.of("path", dir + "/from_tool.txt", "content", "ünïcode"))
                .getString("sha256");
        McpCalls.Exec read = mcp.exec("import hashlib\ndata = open('" + dir + "/from_tool.txt', 'rb').read()\n"
                + "print(data.decode('utf-8'), hashlib.sha256(data).hexdigest())");
        assertEquals("ünïcode " + sha + "\n", read.stdout(), read.stderr());
    }

    @Test
    void codeWritingPastTheFileQuotaGetsOSErrorAndKeepsStoredFiles() throws Exception {
        ok("write_workspace_file", Map.of("path", dir + "/keep.txt", "content", "precious"));
        ok("write_workspace_file", Map.of("path", dir + "/log.txt", "content", "start"));
        McpCalls.Exec r = mcp.exec("""
                import os
                try:
                    with open('%1$s/big.bin', 'wb') as f:
                        f.write(b'x' * (%2$d + 1))
                    print('written')
                except OSError as e:
                    print('OSError', 'quota' in str(e))
                try:
                    with open('%1$s/log.txt', 'a') as f:
                        f.write('y' * %2$d)
                    print('appended')
                except OSError as e:
                    print('OSError', 'quota' in str(e))
                """.formatted(dir, MAX_FILE_BYTES));
        assertEquals("OSError True\nOSError True\n", r.stdout(), r.stderr());
        assertEquals("precious", Files.readString(WORKSPACE.resolve(dir + "/keep.txt")));
        String log = Files.readString(WORKSPACE.resolve(dir + "/log.txt"), StandardCharsets.UTF_8);
        assertTrue(log.startsWith("start") && log.length() <= MAX_FILE_BYTES, "log.txt lost its content or overgrew");
        assertTrue(Files.size(WORKSPACE.resolve(dir + "/big.bin")) <= MAX_FILE_BYTES);
    }
}
