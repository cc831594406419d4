package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ResourceLink;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.TextResourceContents;
import io.quarkiverse.mcp.server.BlobResourceContents;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The inline budget over MCP: a long stream comes back as head and tail around one marker line, the whole of it is
 * in the caller's workspace as a resource the link names, the files a run wrote are linked, and the context figures
 * of get_execution_stats move with what runs take in and give back.
 */
@QuarkusTest
class OutputSpillTest {

    /** sandbox.inline-output-bytes by default. */
    static final int BUDGET = 16384;

    McpCalls mcp;

    @BeforeEach
    void connect() {
        SandboxWarm.awaitReady();
        mcp = new McpCalls();
    }

    static List<ResourceLink> links(ToolResponse response) {
        return response.content().stream().filter(c -> c instanceof ResourceLink).map(c -> (ResourceLink) c).toList();
    }

    ResourceResponse read(String uri) {
        AtomicReference<ResourceResponse> read = new AtomicReference<>();
        mcp.client().when().resourcesRead(uri, read::set).thenAssertResults();
        return read.get();
    }

    String readError(String uri) {
        AtomicReference<String> error = new AtomicReference<>();
        mcp.client().when().resourcesRead(uri).withErrorAssert(e -> error.set(e.code() + " " + e.message())).send()
                .thenAssertResults();
        return error.get();
    }

    @Test
    void aLongStreamComesBackAsHeadAndTailAndWholeInTheWorkspace() {
        String expected = IntStream.range(0, 20_000).mapToObj(i -> "line " + i + "\n").collect(Collectors.joining());
        ToolResponse response = mcp.call("execute_code", Map.of("code",
                "for i in range(20000):\n    print('line', i)\nimport sys\nsys.stderr.write('short\\n')"));
        assertFalse(response.isError(), McpCalls.text(response));
        JsonObject result = JsonObject.mapFrom(response.structuredContent());
        String stdout = result.getString("stdout");
        assertTrue(stdout.getBytes(StandardCharsets.UTF_8).length <= BUDGET, stdout.length() + " bytes inline");
        assertTrue(stdout.startsWith("line 0\nline 1\n"), stdout.substring(0, 40));
        assertTrue(stdout.endsWith("line 19998\nline 19999\n"), stdout.substring(stdout.length() - 40));
        List<String> markers = stdout.lines().filter(l -> l.startsWith("[... ")).toList();
        assertEquals(1, markers.size(), "one marker line");
        String file = result.getString("stdout_file");
        assertNotNull(file, result.encode());
        assertTrue(file.startsWith(".runs/") && file.endsWith("/stdout.txt"), file);
        assertTrue(markers.get(0).contains(" bytes left out; all " + expected.length() + " bytes are in " + file),
                markers.get(0));
        assertTrue(result.getBoolean("truncated"), "truncated: the inline text is not the whole stream");
        assertEquals("short\n", result.getString("stderr"));
        assertNull(result.getString("stderr_file"), "a stream within the budget is not spilled");

        List<ResourceLink> links = links(response);
        assertEquals(1, links.size(), links.toString());
        ResourceLink link = links.get(0);
        assertEquals(expected.length(), link.size());
        assertEquals("text/plain", link.mimeType());
        assertEquals("Whole stdout of the run", link.description());
        ResourceResponse whole = read(link.uri());
        assertEquals(expected, ((TextResourceContents) whole.firstContents()).text(), "the file holds the whole stream");
        JsonObject listed = JsonObject.mapFrom(mcp.call("read_workspace_file", Map.of("path", file, "length", 16))
                .structuredContent());
        assertEquals(expected.length(), listed.getLong("total_bytes"));
    }

    /**
     * A tqdm-style bar redraws its line with '\r' thousands of times, in colour: inline, the model gets what a
     * terminal leaves (each line's last state, no escape sequences), and the budget holds for that text, so nothing
     * is cut; the file the result names keeps every byte as written.
     */
    @Test
    void progressBarsAndColoursComeBackInlineAsATerminalShowsThem() {
        String code = """
                import sys
                for i in range(3001):
                    sys.stdout.write("\\r\\x1b[32m%4d/3000\\x1b[0m |%s|" % (i, "#" * (i // 300)))
                sys.stdout.write("\\n")
                print("\\x1b]0;a title\\x07\\x1b[1mdone\\x1b[0m")
                sys.stderr.write("warn 1\\rwarn 2\\n")
                """;
        StringBuilder written = new StringBuilder();
        for (int i = 0; i <= 3000; i++) {
            written.append("\r\u001b[32m").append(String.format("%4d", i)).append("/3000\u001b[0m |")
                    .append("#".repeat(i / 300)).append('|');
        }
        written.append("\n\u001b]0;a title\u0007\u001b[1mdone\u001b[0m\n");
        ToolResponse response = mcp.call("execute_code", Map.of("code", code));
        assertFalse(response.isError(), McpCalls.text(response));
        JsonObject result = JsonObject.mapFrom(response.structuredContent());
        assertEquals("3000/3000 |##########|\ndone\n", result.getString("stdout"), result.encode());
        assertEquals("warn 2\n", result.getString("stderr"));
        assertFalse(result.getBoolean("truncated"), "nothing a terminal shows was left out");
        assertNull(result.getString("stderr_file"), "a short stream is not spilled for its escapes");
        List<ResourceLink> links = links(response);
        assertEquals(1, links.size(), links.toString());
        assertEquals(result.getString("stdout_file"), links.get(0).name());
        assertEquals(written.toString(), ((TextResourceContents) read(links.get(0).uri()).firstContents()).text(),
                "the file holds the stream byte for byte");
    }

    /**
     * A run stopped by its timeout keeps its spilled output: the stop closed the run's files, the spill's among
     * them, and the last block then failed to write, so the whole file was deleted ("not saved: ... could not be
     * written (ClosedChannelException)") exactly when the log was needed.
     */
    @Test
    void aRunStoppedByItsTimeoutKeepsItsSpilledOutput() {
        ToolResponse response = mcp.call("execute_code", Map.of("code",
                "import time\nfor i in range(12000):\n    print('line', i)\ntime.sleep(100)",
                "timeout_s", 5));
        JsonObject result = JsonObject.mapFrom(response.structuredContent());
        assertTrue(result.getBoolean("timed_out"), result.encode());
        String file = result.getString("stdout_file");
        assertNotNull(file, result.getString("stdout"));
        String expected = IntStream.range(0, 12_000).mapToObj(i -> "line " + i + "\n").collect(Collectors.joining());
        ResourceResponse whole = read(links(response).get(0).uri());
        assertEquals(expected, ((TextResourceContents) whole.firstContents()).text());
    }

    /** Reads a background run's stdout four bytes a page until the run has finished; the last page's answer. */
    private ToolResponse pagedToTheEnd(String id) {
        ToolResponse response = mcp.call("get_execution", Map.of("execution_id", id, "wait_s", 30, "max_bytes", 4));
        JsonObject view = JsonObject.mapFrom(response.structuredContent());
        while (!view.getString("status").equals("finished")) {
            response = mcp.call("get_execution", Map.of("execution_id", id, "wait_s", 30, "max_bytes", 4,
                    "stdout_offset", view.getLong("next_stdout_offset")));
            view = JsonObject.mapFrom(response.structuredContent());
        }
        return response;
    }

    @Test
    void aFinishedBackgroundRunNamesItsSpillFiles() {
        ToolResponse started = mcp.call("execute_code", Map.of("code", "print('b' * 300000)", "background", true));
        assertFalse(started.isError(), McpCalls.text(started));
        String id = JsonObject.mapFrom(started.structuredContent()).getString("execution_id");
        ToolResponse response = pagedToTheEnd(id);
        JsonObject view = JsonObject.mapFrom(response.structuredContent());
        assertTrue(view.getBoolean("truncated"), view.encode());
        assertEquals(".runs/" + id + "/stdout.txt", view.getString("stdout_file"), view.encode());
        assertNull(view.getString("stderr_file"), view.encode());
        List<ResourceLink> links = links(response);
        assertEquals(1, links.size(), links.toString());
        assertEquals("b".repeat(300000) + "\n", ((TextResourceContents) read(links.get(0).uri()).firstContents()).text());
    }

    @Test
    void aFinishedBackgroundRunLinksBinaryOutputAsABlob() {
        ToolResponse started = mcp.call("execute_code", Map.of("code",
                "import sys\nsys.stdout.buffer.write(b'\\xff\\xfe' * 20000)", "background", true));
        String id = JsonObject.mapFrom(started.structuredContent()).getString("execution_id");
        ToolResponse response = pagedToTheEnd(id);
        JsonObject view = JsonObject.mapFrom(response.structuredContent());
        assertFalse(view.containsKey("spills"), view.encode());
        List<ResourceLink> links = links(response);
        assertEquals(1, links.size(), links.toString());
        assertEquals("application/octet-stream", links.get(0).mimeType());
    }

    @Test
    void aRunWaitedForComesBackWithinTheBudgetLikeASynchronousOne() {
        ToolResponse response = mcp.call("execute_code", Map.of("code", "print('w' * 300000)", "wait_s", 120));
        JsonObject result = JsonObject.mapFrom(response.structuredContent());
        assertEquals(0, result.getInteger("exit_code"), result.encode().substring(0, 200));
        String stdout = result.getString("stdout");
        assertTrue(stdout.getBytes(StandardCharsets.UTF_8).length <= BUDGET, stdout.length() + " bytes inline");
        String file = result.getString("stdout_file");
        assertNotNull(file, "the whole stream is in the workspace");
        assertTrue(stdout.contains(" bytes left out; all 300001 bytes are in " + file), stdout.substring(0, 80));
        assertEquals(300001, links(response).get(0).size());
    }

    @Test
    void aBackgroundRunsPagesKeepToTheBudgetUnlessAskedForMore() {
        String id = JsonObject.mapFrom(mcp.call("execute_code", Map.of("code", "print('p' * 40000)",
                "background", true)).structuredContent()).getString("execution_id");
        // A long-poll per page until the run has finished; each page by default holds at most the inline budget.
        JsonObject page;
        do {
            page = JsonObject.mapFrom(mcp.call("get_execution", Map.of("execution_id", id, "wait_s", 30))
                    .structuredContent());
        } while (!"finished".equals(page.getString("status")));
        assertEquals(BUDGET, page.getString("stdout").length(), "a default page is the inline budget");
        assertTrue(page.getBoolean("has_more"));
        JsonObject larger = JsonObject.mapFrom(mcp.call("get_execution", Map.of("execution_id", id,
                "max_bytes", 65536)).structuredContent());
        assertEquals(40001, larger.getString("stdout").length(), "max_bytes asks for a larger page");
    }

    @Test
    void maxInlineBytesSetsTheBudgetWithinItsBounds() {
        ToolResponse small = mcp.call("execute_code", Map.of("code", "print('y' * 100000)", "max_inline_bytes", 2000));
        String stdout = JsonObject.mapFrom(small.structuredContent()).getString("stdout");
        assertTrue(stdout.getBytes(StandardCharsets.UTF_8).length <= 2000, stdout.length() + " bytes");
        assertTrue(stdout.contains(" bytes left out; all 100001 bytes are in .runs/"), stdout);

        ToolResponse refused = mcp.call("execute_code", Map.of("code", "print(1)", "max_inline_bytes", 100));
        assertTrue(refused.isError());
        assertTrue(McpCalls.text(refused).contains("max_inline_bytes")
                && McpCalls.text(refused).contains("between 1024 and 1048576"), McpCalls.text(refused));
    }

    /** Printed binary comes back within the budget as the model is given it, and as written in a linked file. */
    @Test
    void printedBinaryKeepsToTheBudgetAsShownAndIsKeptAsWritten() {
        ToolResponse response = mcp.call("execute_code", Map.of("code", """
                import sys
                sys.stdout.buffer.write(b'\\xff' * 200_000); sys.stdout.flush()
                sys.stderr.buffer.write(b'\\x01' * 10_000); sys.stderr.flush()"""));
        JsonObject result = JsonObject.mapFrom(response.structuredContent());
        for (String stream : List.of("stdout", "stderr")) {
            byte[] shown = result.getString(stream).getBytes(StandardCharsets.UTF_8);
            assertTrue(dev.codeexec.sandbox.Utf8.shownWeight(shown, 0, shown.length) <= BUDGET,
                    stream + ": " + shown.length + " bytes");
            assertTrue(result.getBoolean("truncated"));
        }
        assertTrue(result.getString("stderr").contains("bytes left out; all 10000 bytes are in .runs/"),
                result.getString("stderr"));
        assertTrue(McpCalls.text(response).length() < 3 * BUDGET, "the text block is " + McpCalls.text(response).length());
        // Each link gives the type the workspace serves its file as: a blob for bytes that are not UTF-8.
        Map<String, String> types = links(response).stream().collect(Collectors.toMap(ResourceLink::name,
                ResourceLink::mimeType));
        assertEquals(Map.of(result.getString("stdout_file"), "application/octet-stream",
                result.getString("stderr_file"), "text/plain"), types);
        assertTrue(read(links(response).getFirst().uri()).firstContents() instanceof BlobResourceContents);

        ToolResponse png = mcp.call("execute_code", Map.of("code",
                "import sys\nsys.stdout.buffer.write(b'\\x89PNG\\r\\n'); sys.stdout.flush()"));
        JsonObject small = JsonObject.mapFrom(png.structuredContent());
        assertTrue(small.getString("stdout").startsWith("\uFFFDPNG\r\n[... bytes that are not UTF-8 show as U+FFFD; "
                + "all 6 bytes as written are in .runs/"), small.getString("stdout"));
        assertFalse(small.getBoolean("truncated"));
        assertEquals(1, links(png).size());
        assertEquals("application/octet-stream", links(png).getFirst().mimeType());
        assertTrue(links(png).getFirst().uri().endsWith("%2Fstdout.txt"), links(png).getFirst().uri());
    }

    @Test
    void sanitizedOutputIsCutButNotSpilled() {
        ToolResponse response = mcp.call("execute_code", Map.of("code", "print('alice@example.com ' * 2000)",
                "sanitize_output", true));
        JsonObject result = JsonObject.mapFrom(response.structuredContent());
        assertTrue(result.getBoolean("truncated"));
        assertNull(result.getString("stdout_file"), "raw personal data must not land in a file the model reads");
        assertFalse(result.getString("stdout").contains("alice@example.com"), result.getString("stdout"));
        assertTrue(links(response).isEmpty());
    }

    @Test
    void theFilesARunWroteComeBackAsResourceLinks() {
        String dir = "produced-" + UUID.randomUUID();
        ToolResponse response = mcp.call("execute_code", Map.of("code", """
                import os
                os.makedirs('%1$s/sub')
                open('%1$s/a.csv', 'w').write('a,b\\n1,2\\n')
                with open('%1$s/sub/b.bin', 'wb') as f:
                    f.write(bytes(range(256)))
                open('%1$s/gone.txt', 'w').write('x')
                os.remove('%1$s/gone.txt')
                print(open('%1$s/a.csv').read())
                """.formatted(dir)));
        assertFalse(response.isError(), McpCalls.text(response));
        List<ResourceLink> links = links(response);
        assertEquals(List.of(dir + "/a.csv", dir + "/sub/b.bin"), links.stream().map(ResourceLink::name).toList());
        assertEquals(List.of(8, 256), links.stream().map(ResourceLink::size).toList());
        assertEquals("a,b\n1,2\n", ((TextResourceContents) read(links.get(0).uri()).firstContents()).text());
        BlobResourceContents blob = (BlobResourceContents) read(links.get(1).uri()).firstContents();
        assertEquals(256, Base64.getDecoder().decode(blob.blob()).length, "binary files come back as a blob");
    }

    /** Past the files linked, the answer says how many more the run wrote. */
    @Test
    void aRunThatWritesManyFilesSaysHowManyAreNotLinked() {
        String dir = "many-" + UUID.randomUUID();
        ToolResponse response = mcp.call("execute_code", Map.of("code", """
                import os
                os.makedirs('%1$s')
                for i in range(50):
                    open('%1$s/f%%02d.txt' %% i, 'w').write('x')
                """.formatted(dir)));
        assertEquals(10, links(response).size());
        assertTrue(response.content().stream().anyMatch(c -> c instanceof io.quarkiverse.mcp.server.TextContent t
                && t.text().equals("The run wrote 40 more files than the 10 linked; list_workspace_files shows them.")),
                McpCalls.text(response));
        // Past the files a run remembers, the count is a floor and says so.
        ToolResponse many = mcp.call("execute_code", Map.of("code", """
                import os
                os.makedirs('%1$s/more')
                for i in range(400):
                    open('%1$s/more/f%%03d.txt' %% i, 'w').write('x')
                """.formatted(dir)));
        assertTrue(many.content().stream().anyMatch(c -> c instanceof io.quarkiverse.mcp.server.TextContent t
                && t.text().matches("The run wrote at least \\d+ more files than the 10 linked; .*")),
                McpCalls.text(many));
    }

    @Test
    void resourcesAreListedAndConfined() {
        AtomicReference<McpAssured.ResourcesTemplatesPage> templates = new AtomicReference<>();
        mcp.client().when().resourcesTemplatesList(templates::set).thenAssertResults();
        assertNotNull(templates.get().findByUriTemplate("workspace:///{path}"), templates.get().toString());

        // Each refusal names uri, the parameter the caller sent: a missing file and a folder named path.
        assertEquals("-32602 uri: '../../etc/passwd' is outside the workspace",
                readError("workspace:///..%2F..%2Fetc%2Fpasswd"));
        String missing = "no-such-" + UUID.randomUUID();
        assertEquals("-32002 uri: '" + missing + "' does not exist", readError("workspace:///" + missing));
        String folder = "folder-" + UUID.randomUUID();
        assertFalse(mcp.call("write_workspace_file", Map.of("path", folder + "/a.txt", "content", "x")).isError());
        assertEquals("-32602 uri: '" + folder + "' is a directory; use list_workspace_files",
                readError("workspace:///" + folder));
    }

    @Test
    void contextFiguresMoveWithWhatRunsTakeInAndGiveBack() {
        JsonObject before = context();
        String name = "input-" + UUID.randomUUID() + ".txt";
        mcp.call("write_workspace_file", Map.of("path", name, "content", "q".repeat(5000)));
        McpCalls.Exec run = mcp.exec(Map.of("code", "import sys\ndata = open('" + name + "').read()\n"
                + "print(len(data) + len(sys.stdin.read()))\nprint('w' * 40000)", "stdin", "s".repeat(300)));
        assertTrue(run.stdout().startsWith("5300\n"), run.stdout());
        JsonObject after = context();
        for (String scope : List.of("caller", "total")) {
            JsonObject was = before.getJsonObject(scope);
            JsonObject now = after.getJsonObject(scope);
            assertEquals(5000, now.getLong("file_bytes") - was.getLong("file_bytes"), scope);
            assertEquals(300, now.getLong("stdin_bytes") - was.getLong("stdin_bytes"), scope);
            assertEquals(run.stdout().getBytes(StandardCharsets.UTF_8).length + run.stderr().length(),
                    now.getLong("inline_bytes") - was.getLong("inline_bytes"), scope);
            assertEquals(40006, now.getLong("spilled_bytes") - was.getLong("spilled_bytes"), scope);
            assertEquals((now.getLong("tool_bytes") + now.getLong("file_bytes") + now.getLong("spilled_bytes")) / 4,
                    now.getLong("estimated_tokens_kept_out"), scope);
        }
        assertEquals("tokens estimated as bytes / 4", after.getString("token_estimate"));
        mcp.call("delete_workspace_file", Map.of("path", name));
    }

    private JsonObject context() {
        return JsonObject.mapFrom(mcp.call("get_execution_stats", Map.of()).structuredContent()).getJsonObject("context");
    }
}
