package dev.codeexec.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One tenant's request bodies in the server at once are held to codeexec.http.max-body-bytes-in-flight: past it a
 * request is refused with 429 naming the setting, while another tenant's request is served. A request is known to be
 * in the server, holding its bytes, when the server answers its {@code Expect: 100-continue}: the body is asked for
 * only after admission, and the test then keeps it unfinished.
 */
@QuarkusTest
@TestProfile(TokenProfile.class)
@Timeout(120)
class BodyBytesInFlightTest {

    static final int BUDGET = TokenProfile.BODY_BUDGET;
    static final int BODY = 40 * 1024;

    @TestHTTPResource("/")
    URI root;

    @Test
    void aTenantsRequestPastItsBodyBudgetIsRefusedWhileAnotherTenantIsServed() throws Exception {
        byte[] body = sanitizeBody(BODY);
        try (Socket held = open()) {
            // acme's first large request is admitted and kept in the server: its body is not sent yet.
            send(held, "/api/v1/pii/sanitize", TokenProfile.ACME, body.length);
            assertEquals(100, status(readHead(held.getInputStream())), "the first request was not admitted");

            try (Socket second = open()) {
                send(second, "/api/v1/pii/sanitize", TokenProfile.ACME, body.length);
                Response refused = read(second);
                assertEquals(429, refused.status());
                assertEquals("1", refused.headers().get("retry-after"));
                JsonObject error = new JsonObject(refused.body());
                assertEquals("busy", error.getString("error"));
                assertEquals("body", error.getString("field"));
                String expected = BUDGET + " bytes (codeexec.http.max-body-bytes-in-flight); this body is " + BODY
                        + " bytes";
                assertTrue(error.getString("message").contains(expected), error.getString("message"));
            }
            try (Socket mcp = open()) {
                send(mcp, "/mcp", TokenProfile.ACME, body.length);
                Response refused = read(mcp);
                assertEquals(429, refused.status());
                JsonObject error = new JsonObject(refused.body()).getJsonObject("error");
                assertEquals(-32000, error.getInteger("code"));
                assertTrue(error.getString("message").contains("codeexec.http.max-body-bytes-in-flight"));
            }

            // globex's request of the same size goes through meanwhile.
            assertEquals(200, sanitize(TokenProfile.GLOBEX, body).status());

            // acme's first request completes, and gives its bytes back.
            held.getOutputStream().write(body);
            held.getOutputStream().flush();
            assertEquals(200, read(held).status());
        }
        assertEquals(200, sanitize(TokenProfile.ACME, body).status(), "the budget did not come back");
    }

    @Test
    void requestsWithinTheBudgetGoInTogether() throws Exception {
        byte[] small = sanitizeBody(BUDGET / 4);
        try (Socket first = open(); Socket second = open()) {
            send(first, "/api/v1/pii/sanitize", TokenProfile.ACME, small.length);
            assertEquals(100, status(readHead(first.getInputStream())));
            send(second, "/api/v1/pii/sanitize", TokenProfile.ACME, small.length);
            assertEquals(100, status(readHead(second.getInputStream())), "a request within the budget was refused");
            for (Socket s : new Socket[] {first, second}) {
                s.getOutputStream().write(small);
                s.getOutputStream().flush();
                assertEquals(200, read(s).status());
            }
        }
    }

    private record Response(int status, Map<String, String> headers, String body) {
    }

    private Socket open() throws IOException {
        Socket socket = new Socket(root.getHost(), root.getPort());
        socket.setSoTimeout(60_000);
        return socket;
    }

    private static byte[] sanitizeBody(int bytes) {
        String open = "{\"text\":\"";
        return (open + "a".repeat(bytes - open.length() - 2) + "\"}").getBytes(StandardCharsets.US_ASCII);
    }

    /** Sends the head of a POST that waits for 100 Continue before its body. */
    private static void send(Socket socket, String path, String token, int length) throws IOException {
        String head = "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + token
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Length: " + length + "\r\nExpect: 100-continue\r\n\r\n";
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private Response sanitize(String token, byte[] body) throws IOException {
        try (Socket socket = open()) {
            send(socket, "/api/v1/pii/sanitize", token, body.length);
            assertEquals(100, status(readHead(socket.getInputStream())));
            socket.getOutputStream().write(body);
            socket.getOutputStream().flush();
            return read(socket);
        }
    }

    private static Response read(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        String head = readHead(in);
        Map<String, String> headers = new HashMap<>();
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
        }
        byte[] body = in.readNBytes(Integer.parseInt(headers.getOrDefault("content-length", "0")));
        return new Response(status(head), headers, new String(body, StandardCharsets.UTF_8));
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the connection closed before a response head");
            }
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static int status(String head) {
        return Integer.parseInt(head.substring(9, 12));
    }
}
