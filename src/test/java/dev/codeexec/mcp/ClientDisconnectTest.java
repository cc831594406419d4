package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * A synchronous run whose HTTP client disconnects is cancelled, over MCP and REST: a remote connector that timed
 * out, or a client that was killed, must not leave runs holding its tenant's slots. The client is a raw socket, as a
 * killed process is: the request goes out without a session, the socket is closed once the run is seen running.
 */
@QuarkusTest
class ClientDisconnectTest {

    @TestHTTPResource("/")
    URI root;

    @Test
    void aRunWhoseClientDisconnectsIsCancelledAndTheNextCallWorks() throws Exception {
        SandboxWarm.awaitReady();
        long cancelledBefore = cancelledExecutions();
        String body = """
                {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"execute_code",\
                "arguments":{"code":"print('spinning', flush=True)\\nwhile True:\\n    pass","timeout_s":120},\
                "_meta":{"progressToken":"gone"}}}""";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /mcp HTTP/1.1\r\nHost: " + root.getRawAuthority() + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n"
                    + "Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            // Progress names the run's last line once it runs; then the client goes, as a killed one would.
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String first = in.readLine();
            assertTrue(first != null && first.startsWith("HTTP/1.1 200"), "status line: " + first);
            String line;
            do {
                line = in.readLine();
                assertTrue(line != null, "the stream ended before progress named the printed line");
            } while (!line.contains("last line: spinning"));
        }
        // Without the disconnect noticed the loop runs to its 120 s timeout, and is counted as timed out then.
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> cancelledExecutions() > cancelledBefore);
        Map<?, ?> next = RestAssured.given().contentType("application/json").body(Map.of("code", "print('next')"))
                .post("/api/v1/executions").then().statusCode(200).extract().as(Map.class);
        assertEquals("next\n", next.get("stdout"));
    }

    @Test
    void aRestRunWhoseClientDisconnectsIsCancelled() throws Exception {
        SandboxWarm.awaitReady();
        long cancelledBefore = cancelledExecutions();
        byte[] bytes = "{\"code\":\"while True:\\n    pass\",\"timeout_s\":120}".getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/v1/executions HTTP/1.1\r\nHost: " + root.getRawAuthority()
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> RestAssured.given().get("/api/v1/stats")
                    .then().statusCode(200).extract().jsonPath().getLong("executions.running") > 0);
        }
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> cancelledExecutions() > cancelledBefore);
    }

    @Test
    void aRunWaitedForWithWaitSWhoseClientDisconnectsIsCancelled() throws Exception {
        SandboxWarm.awaitReady();
        long cancelledBefore = cancelledExecutions();
        String body = """
                {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"execute_code",\
                "arguments":{"code":"print('spinning', flush=True)\\nwhile True:\\n    pass","timeout_s":120,\
                "wait_s":60},"_meta":{"progressToken":"gone"}}}""";
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /mcp HTTP/1.1\r\nHost: " + root.getRawAuthority() + "\r\nContent-Type: application/json\r\n"
                    + "Accept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n"
                    + "Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            socket.setSoTimeout((int) Duration.ofMinutes(2).toMillis());
            // Progress counts the printed line's 9 bytes once the run runs; then the client goes before wait_s ends,
            // without the execution_id the answer would have carried.
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String line;
            do {
                line = in.readLine();
                assertTrue(line != null, "the stream ended before progress counted the printed line");
            } while (!line.contains(" 9 bytes of output"));
        }
        // Without the disconnect noticed the run goes on in the background to its 120 s timeout, holding a slot.
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> cancelledExecutions() > cancelledBefore);
    }

    @Test
    void aRestRunWaitedForWithWaitSWhoseClientDisconnectsIsCancelled() throws Exception {
        SandboxWarm.awaitReady();
        long cancelledBefore = cancelledExecutions();
        byte[] bytes = "{\"code\":\"while True:\\n    pass\",\"timeout_s\":120,\"wait_s\":60}"
                .getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(root.getHost(), root.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/v1/executions HTTP/1.1\r\nHost: " + root.getRawAuthority()
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(bytes);
            out.flush();
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> RestAssured.given().get("/api/v1/stats")
                    .then().statusCode(200).extract().jsonPath().getLong("runs.running") > 0);
        }
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> cancelledExecutions() > cancelledBefore);
    }

    private static long cancelledExecutions() {
        return RestAssured.given().get("/api/v1/stats").then().statusCode(200).extract().jsonPath()
                .getLong("executions.cancelled");
    }
}
