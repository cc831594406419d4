package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * A synchronous run whose HTTP client disconnects is cancelled, over MCP and REST, and so is a run waited for with
 * wait_s: a remote connector that timed out, or a client that was killed, must not leave runs holding its tenant's
 * slots. A long-poll whose client leaves or cancels gives its place among the tenant's long-polls back at once. The
 * client is a raw socket, as a killed process is: the request goes out without a session, the socket is closed once
 * the run is seen running.
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
        try (Socket socket = send("POST /mcp HTTP/1.1\r\nHost: " + root.getRawAuthority()
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "MCP-Protocol-Version: 2025-06-18\r\nContent-Length: " + bytes.length + "\r\n\r\n", bytes)) {
            // Progress names the run's last line once it runs; then the client goes, as a killed one would.
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
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
        assertRestRunCancelledOnDisconnect("{\"code\":\"while True:\\n    pass\",\"timeout_s\":120}",
                "executions.running");
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
        try (Socket socket = send("POST /mcp HTTP/1.1\r\nHost: " + root.getRawAuthority()
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "MCP-Protocol-Version: 2025-06-18\r\nContent-Length: " + bytes.length + "\r\n\r\n", bytes)) {
            socket.setSoTimeout((int) Duration.ofMinutes(2).toMillis());
            // Progress counts the printed line's 9 bytes once the run runs; then the client goes before wait_s ends,
            // without the execution_id the answer would have carried.
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
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
        assertRestRunCancelledOnDisconnect("{\"code\":\"while True:\\n    pass\",\"timeout_s\":120,\"wait_s\":60}",
                "runs.running");
    }

    /**
     * Posts {@code json} to the REST executions endpoint, goes away once the stats' {@code running} figure counts the
     * run, and waits for the run to be cancelled.
     */
    private void assertRestRunCancelledOnDisconnect(String json, String running) throws Exception {
        SandboxWarm.awaitReady();
        long cancelledBefore = cancelledExecutions();
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = send("POST /api/v1/executions HTTP/1.1\r\nHost: " + root.getRawAuthority()
                + "\r\nContent-Type: application/json\r\nContent-Length: " + bytes.length + "\r\n\r\n", bytes)) {
            Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> RestAssured.given().get("/api/v1/stats")
                    .then().statusCode(200).extract().jsonPath().getLong(running) > 0);
        }
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> cancelledExecutions() > cancelledBefore);
    }

    @Test
    void mcpLongPollsWhoseClientsDisconnectGiveTheirPlacesBack() throws Exception {
        assertLongPollsGiveTheirPlacesBack(run -> mcpPoll(run, 1, ""), ClientDisconnectTest::closeAll);
    }

    @Test
    void restLongPollsWhoseClientsDisconnectGiveTheirPlacesBack() throws Exception {
        assertLongPollsGiveTheirPlacesBack(run -> send("GET /api/v1/executions/" + run + "?wait_s=30 HTTP/1.1\r\nHost: "
                + root.getRawAuthority() + "\r\n\r\n", new byte[0]), ClientDisconnectTest::closeAll);
    }

    @Test
    void mcpLongPollsTheirClientsCancelGiveTheirPlacesBack() throws Exception {
        String session = RestAssured.given().contentType("application/json")
                .header("Accept", "application/json, text/event-stream")
                .body("""
                        {"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
                        "capabilities":{},"clientInfo":{"name":"cancels-polls","version":"1"}}}""")
                .post("/mcp").then().statusCode(200).extract().header("Mcp-Session-Id");
        notify(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        AtomicInteger ids = new AtomicInteger();
        assertLongPollsGiveTheirPlacesBack(run -> mcpPoll(run, ids.incrementAndGet(), "Mcp-Session-Id: " + session
                + "\r\n"), polls -> {
                    for (int id = 1; id <= polls.size(); id++) {
                        notify(session, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":"
                                + "{\"requestId\":" + id + ",\"reason\":\"test\"}}");
                    }
                });
    }

    private interface Poller {
        Socket poll(String run) throws IOException;
    }

    private interface Leaving {
        void leave(List<Socket> polls) throws IOException;
    }

    /**
     * Fills the tenant's long-polls (sandbox.runs.max-waits-per-tenant) with 30 s polls of a run that prints nothing,
     * then their clients leave: each place must come back when its client goes, not when its wait would have ended.
     * Whether all are held is read from the polls themselves: a short poll to check would take a place that one of
     * them then misses.
     */
    private void assertLongPollsGiveTheirPlacesBack(Poller poller, Leaving leaving) throws Exception {
        SandboxWarm.awaitReady();
        int maxWaits = ConfigProvider.getConfig().getValue("sandbox.runs.max-waits-per-tenant", Integer.class);
        String run = RestAssured.given().contentType("application/json")
                .body(Map.of("code", "import time\ntime.sleep(300)", "background", true, "timeout_s", 600))
                .post("/api/v1/executions").then().statusCode(202).extract().path("execution_id");
        // Running, so that the polls wait on a run that goes on: one queued behind runs that earlier tests left may be
        // refused as busy, and end at once.
        Awaitility.await("the run started").atMost(Duration.ofSeconds(200)).until(() -> "running".equals(RestAssured
                .given().get("/api/v1/executions/" + run).then().statusCode(200).extract().path("status")));
        List<Socket> polls = new ArrayList<>();
        try {
            // One more than the places: once one is answered (refused as busy), every place is held by the others.
            for (int i = 0; i <= maxWaits; i++) {
                polls.add(poller.poll(run));
            }
            Awaitility.await("every place held").atMost(Duration.ofSeconds(30))
                    .until(() -> polls.stream().anyMatch(ClientDisconnectTest::answered));
            leaving.leave(polls);
            Awaitility.await("the places given back").atMost(Duration.ofSeconds(10))
                    .until(() -> shortPoll(run) == 200);
        } finally {
            closeAll(polls);
            // Its end answers any poll still pending, so the next test finds every place free.
            RestAssured.given().delete("/api/v1/executions/" + run).then().statusCode(200);
        }
    }

    private Socket mcpPoll(String run, int id, String headers) throws IOException {
        byte[] body = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":"
                + "\"get_execution\",\"arguments\":{\"execution_id\":\"" + run + "\",\"wait_s\":30}}}")
                .getBytes(StandardCharsets.UTF_8);
        return send("POST /mcp HTTP/1.1\r\nHost: " + root.getRawAuthority() + "\r\nContent-Type: application/json"
                + "\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-06-18\r\n" + headers
                + "Content-Length: " + body.length + "\r\n\r\n", body);
    }

    private static void notify(String session, String message) {
        RestAssured.given().contentType("application/json").header("Accept", "application/json, text/event-stream")
                .header("Mcp-Session-Id", session).body(message).post("/mcp").then().statusCode(202);
    }

    private static void closeAll(List<Socket> sockets) throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    private static boolean answered(Socket poll) {
        try {
            return poll.getInputStream().available() > 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int shortPoll(String run) {
        return RestAssured.given().queryParam("wait_s", 1).get("/api/v1/executions/" + run).statusCode();
    }

    private Socket send(String head, byte[] body) throws IOException {
        Socket socket = new Socket(root.getHost(), root.getPort());
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
        return socket;
    }

    private static long cancelledExecutions() {
        return RestAssured.given().get("/api/v1/stats").then().statusCode(200).extract().jsonPath()
                .getLong("executions.cancelled");
    }
}
