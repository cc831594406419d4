package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One MCP session over streamable HTTP, driven with plain JSON-RPC POSTs, for ITs that must see each HTTP
 * status (a load balancer's 5xx, a replica's 404 for a session it never issued) rather than a client library's
 * recovery. A status other than 200 is thrown as {@link HttpStatusException}; a tool error fails the test.
 */
final class McpHttpSession {

    static final String SESSION_HEADER = "Mcp-Session-Id";
    /** Set by deploy/haproxy/haproxy.cfg: which replica answered. */
    static final String REPLICA_HEADER = "X-Codeexec-Replica";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration CALL_LIMIT = Duration.ofMinutes(2);

    /** An HTTP answer other than 200, with the body's error code when it has one. */
    static final class HttpStatusException extends IOException {
        final int status;
        final String body;

        HttpStatusException(int status, String body) {
            super("HTTP " + status + ": " + body);
            this.status = status;
            this.body = body;
        }
    }

    private final HttpClient http;
    private final URI url;
    private final String token;
    private final String sessionId;
    private final String replica;
    private final AtomicLong ids = new AtomicLong(1);
    private volatile String lastReplica;

    private McpHttpSession(HttpClient http, URI url, String token, String sessionId, String replica) {
        this.http = http;
        this.url = url;
        this.token = token;
        this.sessionId = sessionId;
        this.replica = replica;
    }

    /** initialize, then notifications/initialized: the session the server issued. */
    static McpHttpSession open(HttpClient http, String mcpUrl, String token, String clientName)
            throws IOException, InterruptedException {
        McpHttpSession unopened = new McpHttpSession(http, URI.create(mcpUrl), token, null, null);
        HttpResponse<String> response = unopened.post(Map.of("jsonrpc", "2.0", "id", 0, "method", "initialize",
                "params", Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(),
                        "clientInfo", Map.of("name", clientName, "version", "1"))));
        String sessionId = response.headers().firstValue(SESSION_HEADER).orElse(null);
        assertNotNull(sessionId, "initialize answered without " + SESSION_HEADER + ": " + response.body());
        McpHttpSession session = new McpHttpSession(http, unopened.url, token, sessionId,
                response.headers().firstValue(REPLICA_HEADER).orElse(null));
        HttpResponse<String> initialized = session.post(
                Map.of("jsonrpc", "2.0", "method", "notifications/initialized"));
        assertEquals(202, initialized.statusCode(), initialized.body());
        return session;
    }

    String sessionId() {
        return sessionId;
    }

    /** The replica that issued this session, as the load balancer named it; null when reached directly. */
    String replica() {
        return replica;
    }

    /**
     * No session at all: each call is a {@code tools/call} without initialize and without {@code Mcp-Session-Id},
     * which the server serves as a connection of its own.
     */
    static McpHttpSession sessionless(HttpClient http, String mcpUrl, String token) {
        return new McpHttpSession(http, URI.create(mcpUrl), token, null, null);
    }

    /** Calls a tool that must succeed and returns its structured content. */
    JsonNode call(String tool, Map<String, Object> arguments) throws IOException, InterruptedException {
        JsonNode result = result(tool, arguments);
        assertFalse(result.path("isError").asBoolean(true), tool + ": " + result);
        return result.path("structuredContent");
    }

    /** Calls a tool and returns its whole result, a tool error included; the replica that answered is then known. */
    JsonNode result(String tool, Map<String, Object> arguments) throws IOException, InterruptedException {
        long id = ids.getAndIncrement();
        HttpResponse<String> response = post(Map.of("jsonrpc", "2.0", "id", id, "method", "tools/call",
                "params", Map.of("name", tool, "arguments", arguments)));
        lastReplica = response.headers().firstValue(REPLICA_HEADER).orElse(null);
        JsonNode message = reply(response.body(), id);
        if (!message.has("result")) {
            throw new AssertionError(tool + ": " + message);
        }
        return message.path("result");
    }

    /** The replica that answered the last tool call, as the load balancer named it. */
    String lastReplica() {
        return lastReplica;
    }

    private HttpResponse<String> post(Map<String, Object> message) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(url).timeout(CALL_LIMIT)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json, text/event-stream")
                .header("Authorization", "Bearer " + token)
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(new LinkedHashMap<>(message))));
        if (sessionId != null) {
            request.header(SESSION_HEADER, sessionId);
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200 && response.statusCode() != 202) {
            throw new HttpStatusException(response.statusCode(), response.body());
        }
        return response;
    }

    /** The JSON-RPC response with this id: the body itself, or one of its SSE events' data. */
    private static JsonNode reply(String body, long id) throws IOException {
        if (body.stripLeading().startsWith("{")) {
            return JSON.readTree(body);
        }
        for (String line : body.split("\n")) {
            if (line.startsWith("data:")) {
                JsonNode event = JSON.readTree(line.substring(5).trim());
                if (event.path("id").asLong(-1) == id) {
                    return event;
                }
            }
        }
        throw new IOException("no response with id " + id + " in: " + body);
    }
}
