package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.codeexec.mcp.McpCalls;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.HexFormat;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Sandboxed code calling the tools of upstream server "probe" (.ci/upstream/test-server.mjs, in every test boot) as an
 * agent does, through execute_code: what a tool returns besides text arrives as decoded bytes, and each way a call can
 * fail raises a class of its own, so code can tell what is worth retrying.
 */
@QuarkusTest
class UpstreamCallsFromCodeTest {

    /** The 1x1 PNG the test server returns, as bytes. */
    private static final String PNG_HEX = "89504e470d0a1a0a0000000d4948445200000001000000010804000000b51c0c020000000b"
            + "4944415478da6364600000000600023081d02f0000000049454e44ae426082";

    @Inject
    RegistryService registry;

    McpCalls mcp;

    @BeforeEach
    void awaitTheProbeServer() {
        mcp = new McpCalls();
        Awaitility.await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> registry.search(
                new ToolSearch("", "probe", 50, "name")).tools().size() >= 9);
    }

    private McpCalls.Exec run(String code) {
        McpCalls.Exec r = mcp.exec(code, 90);
        assertEquals(0, r.exitCode(), r.stderr());
        return r;
    }

    @Test
    void imagesAudioAndResourcesArriveAsDecodedBytesInOrder() {
        McpCalls.Exec r = run("""
                import tools
                caption, image = tools.probe.picture()
                print(caption, '|', type(image).__name__, image.type, image.mime_type, image.bytes.hex())
                blob, note, link, audio = tools.call('attachments')
                print(type(blob).__name__, blob.uri, blob.mime_type, blob.text, blob.bytes.hex())
                print(type(note).__name__, note.uri, note.mime_type, note.text, note.bytes)
                print(type(link).__name__, link.uri, link.name, link.mime_type, link.description)
                print(type(audio).__name__, audio.type, audio.mime_type, audio.bytes)
                print(type(tools.probe.pid()).__name__)
                """);
        byte[] every = new byte[256];
        for (int i = 0; i < every.length; i++) {
            every[i] = (byte) i;
        }
        assertEquals("a 1x1 PNG | Media image image/png " + PNG_HEX + "\n"
                + "Resource mem://every-byte application/octet-stream None " + HexFormat.of().formatHex(every) + "\n"
                + "Resource mem://note text/plain a note None\n"
                + "ResourceLink mem://later.csv later.csv text/csv fetch it later\n"
                + "Media audio audio/wav b'RIFF'\n"
                // A text-only result keeps its shape: JSON text parsed.
                + "int\n", r.stdout());
    }

    /** The tool ran and said it failed: ToolFailed, which existing `except ValueError` code still catches. */
    @Test
    void aToolsOwnFailureIsToolFailedAndStillAValueError() {
        McpCalls.Exec r = run("""
                import tools
                try:
                    tools.probe.refuse()
                except tools.ToolFailed as e:
                    print(e.tool, e.server, isinstance(e, tools.ToolCallError), isinstance(e, ValueError),
                          isinstance(e, ConnectionError), isinstance(e, TimeoutError))
                    print(e)
                try:
                    tools.call('refuse')
                except ValueError:
                    print('caught as ValueError')
                """);
        assertEquals("refuse probe True True False False\n"
                + "refuse: upstream tool 'refuse' on server 'probe' failed: no record 42\n"
                + "caught as ValueError\n", r.stdout());
    }

    /** The call outlived registry.upstream-timeout (10 s in tests) while the server still answers: UpstreamTimeout. */
    @Test
    void aCallThatOutlivesTheTimeoutIsUpstreamTimeout() {
        McpCalls.Exec r = run("""
                import tools
                try:
                    tools.probe.slow(seconds=60)
                except tools.UpstreamTimeout as e:
                    print(e.tool, e.server, isinstance(e, TimeoutError), isinstance(e, tools.ToolCallError),
                          isinstance(e, ValueError))
                    print(str(e).startswith("probe: upstream server 'probe': tools/call timed out after "))
                print(type(tools.probe.pid()).__name__)
                """);
        assertEquals("slow probe True True False\nTrue\nint\n", r.stdout());
    }

    /** The server's process ended during the call: UpstreamUnavailable, and the next call starts it again. */
    @Test
    void aServerWhoseProcessEndsIsUpstreamUnavailable() {
        McpCalls.Exec r = run("""
                import tools
                try:
                    tools.probe.crash()
                except tools.UpstreamUnavailable as e:
                    print(e.tool, e.server, isinstance(e, ConnectionError), isinstance(e, tools.ToolCallError),
                          isinstance(e, ValueError))
                    print(str(e).startswith("probe: upstream server 'probe': its process exited during tools/call"))
                print(type(tools.probe.pid()).__name__)
                """);
        assertEquals("crash probe True True False\nTrue\nint\n", r.stdout());
    }

    /**
     * 16 MiB of bytes is about 22 Mi characters of base64, past what a bridge reply carries: a clear error naming the
     * limit, not a worker cut off mid-run, and the run goes on.
     */
    @Test
    void aResultLargerThanTheBridgeCarriesIsResultTooLarge() {
        McpCalls.Exec r = run("""
                import tools
                try:
                    tools.probe.blob(bytes=16 * 2**20)
                except tools.ResultTooLarge as e:
                    print(e.tool, e.server, isinstance(e, ValueError))
                    print(e)
                print(len(tools.probe.blob(bytes=1000)[0].bytes))
                """);
        String[] lines = r.stdout().split("\n");
        assertEquals("blob probe True", lines[0], r.stdout());
        assertEquals("upstream tool 'blob' on server 'probe': result: 22369736 characters of JSON, more than a bridge "
                + "reply carries (16777216; binary content counts as base64, 4/3 of its bytes)", lines[1]);
        assertEquals("1000", lines[2], r.stdout());
    }
}
