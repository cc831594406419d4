package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * One MCP client of ReplicasIT: through the load balancer it writes a workspace file, then counts in a
 * persistent Python session, {@link ReplicasIT#CALLS} calls, pausing after {@link ReplicasIT#CALLS_BEFORE_KILL}
 * while a replica is killed. A call its session's replica refuses (404 for a session it never issued) or
 * that the balancer cannot deliver is recorded, and the client opens a new session through the balancer and
 * makes that call again, as an MCP client does.
 */
final class CountingClient {

    private static final String SESSION = "counter";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String url;
    private final String token;
    private final int index;
    private final String file;

    CountingClient(HttpClient http, String url, String token, int index, String file) {
        this.http = http;
        this.url = url;
        this.token = token;
        this.index = index;
        this.file = file;
    }

    static String fileContent(int client) {
        return "written by client " + client;
    }

    /**
     * Counts down {@code halfway} after the first half of the calls (or when it fails before, so the test does not
     * wait for it) and waits for {@code killed} before the second half.
     */
    ReplicasIT.ClientRun run(CountDownLatch halfway, CountDownLatch killed) throws Exception {
        boolean paused = false;
        try {
            McpHttpSession session = open();
            String firstReplica = session.replica();
            session.call("write_workspace_file", Map.of("path", file, "content", fileContent(index)));
            List<Integer> printed = new ArrayList<>();
            List<String> errors = new ArrayList<>();
            for (int call = 1; call <= ReplicasIT.CALLS; call++) {
                if (call == ReplicasIT.CALLS_BEFORE_KILL + 1) {
                    paused = true;
                    halfway.countDown();
                    killed.await();
                }
                JsonNode result;
                try {
                    result = count(session);
                } catch (McpHttpSession.HttpStatusException e) {
                    errors.add(e.status + " " + errorCode(e.body));
                    session = open();
                    result = count(session);
                }
                assertEquals(0, result.path("exit_code").asInt(-1), "client " + index + ": " + result);
                printed.add(Integer.parseInt(result.path("stdout").asText().strip()));
            }
            return new ReplicasIT.ClientRun(index, firstReplica, session.replica(), printed, errors);
        } finally {
            if (!paused) {
                halfway.countDown();
            }
        }
    }

    private McpHttpSession open() throws IOException, InterruptedException {
        return McpHttpSession.open(http, url, token, "replicas-client-" + index);
    }

    /**
     * One counting call. When the balancer takes the killed replica out of service it closes the connections bound
     * to it ({@code on-marked-down shutdown-sessions}): a call caught there gets no answer at all, having reached no
     * live replica, so it is sent again once, as a client would; the printed counts show any call that ran twice.
     */
    private static JsonNode count(McpHttpSession session) throws IOException, InterruptedException {
        try {
            return session.call("execute_code", Map.of("code", ReplicasIT.COUNT, "session", SESSION));
        } catch (McpHttpSession.HttpStatusException answered) {
            throw answered;
        } catch (IOException noAnswer) {
            return session.call("execute_code", Map.of("code", ReplicasIT.COUNT, "session", SESSION));
        }
    }

    /** The server's error code ({"error": "session_not_found", ...}), or the body as it came from elsewhere. */
    private static String errorCode(String body) {
        try {
            JsonNode json = JSON.readTree(body);
            return json.path("error").asText(body);
        } catch (IOException notJson) {
            return body.strip();
        }
    }
}
