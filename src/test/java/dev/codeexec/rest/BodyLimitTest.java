package dev.codeexec.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A body over quarkus.http.limits.max-body-size (16 MiB) gets 413 with a body naming the limit: a JSON-RPC error
 * on /mcp, the REST error body on /api; a body of pii.max-input-chars characters fits under it.
 */
@QuarkusTest
class BodyLimitTest {

    static final long LIMIT = 16L << 20;
    static final String MESSAGE = "; the limit is " + LIMIT + " bytes (quarkus.http.limits.max-body-size)";

    @TestHTTPResource("/")
    URI root;

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private HttpResponse<String> post(String path, String method, byte[] body) throws Exception {
        return send(path, method, HttpRequest.BodyPublishers.ofByteArray(body));
    }

    private HttpResponse<String> send(String path, String method, HttpRequest.BodyPublisher body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(root.resolve(path)).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .method(method, body).build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static byte[] jsonOf(int bytes) {
        byte[] body = new byte[bytes];
        Arrays.fill(body, (byte) 'a');
        byte[] open = "{\"content\":\"".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(open, 0, body, 0, open.length);
        body[bytes - 2] = '"';
        body[bytes - 1] = '}';
        return body;
    }

    @Test
    void anOversizeMcpRequestGetsAJsonRpcErrorNamingTheLimit() throws Exception {
        HttpResponse<String> response = post("/mcp", "POST", jsonOf((int) LIMIT + 1));
        assertEquals(413, response.statusCode());
        JsonObject body = new JsonObject(response.body());
        assertEquals("2.0", body.getString("jsonrpc"));
        assertEquals(-32600, body.getJsonObject("error").getInteger("code"));
        assertEquals("the request body is " + (LIMIT + 1) + " bytes" + MESSAGE + "; send large files in several "
                + "write_workspace_file calls with mode=append", body.getJsonObject("error").getString("message"));
    }

    @Test
    void anOversizeRestRequestGetsTheRestErrorNamingTheLimit() throws Exception {
        HttpResponse<String> response = post("/api/v1/workspace/files/big.txt", "PUT", jsonOf((int) LIMIT + 1));
        assertEquals(413, response.statusCode());
        JsonObject body = new JsonObject(response.body());
        assertEquals("too_large", body.getString("error"));
        assertEquals("body", body.getString("field"));
        assertEquals(true, body.getString("message").contains(MESSAGE), body.encode());
    }

    @Test
    void aChunkedOversizeMcpRequestGetsTheSameError() throws Exception {
        HttpResponse<String> response = send("/mcp", "POST", chunked(jsonOf((int) LIMIT + 1)));
        assertEquals(413, response.statusCode());
        JsonObject body = new JsonObject(response.body());
        assertEquals(-32600, body.getJsonObject("error").getInteger("code"));
        assertEquals(true, body.getJsonObject("error").getString("message").contains(MESSAGE), body.encode());
    }

    @Test
    void aChunkedOversizeRestRequestGetsTheRestError() throws Exception {
        HttpResponse<String> response = send("/api/v1/workspace/files/big.txt", "PUT", chunked(jsonOf((int) LIMIT + 1)));
        assertEquals(413, response.statusCode());
        JsonObject body = new JsonObject(response.body());
        assertEquals("too_large", body.getString("error"));
        assertEquals("the request body is larger than the limit" + MESSAGE + "; send large files in several "
                + "write_workspace_file calls with mode=append", body.getString("message"));
    }

    @Test
    void aChunkedRestBodyUnderTheLimitReachesTheService() throws Exception {
        byte[] json = "{\"content\":\"chunked\"}".getBytes(StandardCharsets.US_ASCII);
        HttpResponse<String> written = send("/api/v1/workspace/files/chunked-body.txt", "PUT", chunked(json));
        assertEquals(200, written.statusCode(), written.body());
        HttpResponse<String> read = send("/api/v1/workspace/files/chunked-body.txt", "GET",
                HttpRequest.BodyPublishers.noBody());
        assertEquals("chunked", new JsonObject(read.body()).getString("content"), read.body());
        send("/api/v1/workspace/files/chunked-body.txt", "DELETE", HttpRequest.BodyPublishers.noBody());
    }

    /** Without a content length the JDK client sends the body chunked. */
    private static HttpRequest.BodyPublisher chunked(byte[] body) {
        return HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofByteArray(body));
    }

    @Test
    void aBodyUnderTheLimitReachesTheServiceWhichNamesItsOwnLimit() throws Exception {
        // 12 MiB: over Quarkus's default 10 MiB, under the server's limit; the test workspace's files are 1 MiB.
        HttpResponse<String> response = post("/api/v1/workspace/files/big.txt", "PUT", jsonOf(12 << 20));
        assertEquals(413, response.statusCode(), response.body());
        JsonObject body = new JsonObject(response.body());
        assertEquals("content", body.getString("field"), body.encode());
        assertEquals(true, body.getString("message").contains("workspace.max-file-bytes"), body.encode());
    }
}
