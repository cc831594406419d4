package dev.codeexec.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every spelling of the legacy HTTP+SSE transport's paths that the router would serve is refused with 404
 * {@code legacy_sse_off}, not only the canonical one. Sent with the JDK client, which leaves the path as written.
 */
@QuarkusTest
@TestProfile(TokenProfile.class)
class LegacySseRefusalTest {

    @TestHTTPResource("/")
    URI root;

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private HttpResponse<InputStream> get(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + root.getAuthority() + path))
                .header("Authorization", "Bearer " + TokenProfile.TOKEN).header("Accept", "text/event-stream")
                .timeout(Duration.ofSeconds(20)).GET().build();
        return client.send(request, HttpResponse.BodyHandlers.ofInputStream());
    }

    @ParameterizedTest
    @ValueSource(strings = {"/mcp/sse", "/mcp/sse/", "/mcp/sse//", "/mcp/sse/.", "/mcp/sse/./", "//mcp/sse",
        "/mcp//sse", "/mcp/./sse", "/mcp/x/../sse/", "/mcp/%73se/", "/mcp/%73%73e", "/mcp/sse?x=1",
        "/mcp/messages/abc", "/mcp/messages/abc/", "/mcp//messages//abc", "/mcp/%6Dessages/abc", "/mcp/messages/"})
    void everySpellingOfTheLegacyTransportIsRefused(String path) throws Exception {
        HttpResponse<InputStream> response = get(path);
        try (InputStream body = response.body()) {
            assertEquals(404, response.statusCode(), path);
            String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(text.contains("\"error\":\"legacy_sse_off\""), path + ": " + text);
        }
    }
}
