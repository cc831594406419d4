package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * One MCP client of ReplicasIT, a tenant of its own, that keeps no protocol session: through the load balancer it
 * writes a workspace file, then counts in a persistent Python session, {@link ReplicasIT#CALLS} calls, each on a new
 * connection (odd calls initialize a new MCP session, even ones send no {@code Mcp-Session-Id} at all), pausing
 * after {@link ReplicasIT#CALLS_BEFORE_KILL} while a replica is killed. The session is named by the handle the
 * first call returned. A replica that does not hold it refuses it naming the replica that does; the refusal is
 * recorded, and the client opens a new session and makes that call again.
 */
final class CountingClient {

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
            McpHttpSession.open(http, url, token, "replicas-client-" + index)
                    .call("write_workspace_file", Map.of("path", file, "content", fileContent(index)));
            List<Integer> printed = new ArrayList<>();
            List<String> errors = new ArrayList<>();
            String session = null;
            String firstReplica = null;
            String lastReplica = null;
            for (int call = 1; call <= ReplicasIT.CALLS; call++) {
                if (call == ReplicasIT.CALLS_BEFORE_KILL + 1) {
                    paused = true;
                    halfway.countDown();
                    killed.await();
                }
                McpHttpSession connection = connect(call);
                JsonNode result = count(connection, session);
                if (result.path("isError").asBoolean()) {
                    String refusal = result.at("/content/0/text").asText();
                    int cut = refusal.indexOf(", not this one");
                    errors.add(cut > 0 ? refusal.substring(0, cut) : refusal);
                    session = null;
                    result = count(connection, null);
                }
                JsonNode run = result.path("structuredContent");
                assertEquals(0, run.path("exit_code").asInt(-1), "client " + index + ": " + result);
                session = session == null ? run.path("session").asText() : session;
                printed.add(Integer.parseInt(run.path("stdout").asText().strip()));
                lastReplica = connection.lastReplica();
                firstReplica = firstReplica == null ? lastReplica : firstReplica;
            }
            return new ReplicasIT.ClientRun(index, firstReplica, lastReplica, printed, errors);
        } finally {
            if (!paused) {
                halfway.countDown();
            }
        }
    }

    /** A new connection for this call: a new MCP session, or none at all. */
    private McpHttpSession connect(int call) throws IOException, InterruptedException {
        return call % 2 == 1 ? onceMoreIfUnanswered(() -> McpHttpSession.open(http, url, token,
                "replicas-client-" + index)) : McpHttpSession.sessionless(http, url, token);
    }

    /** One counting call, in a new session when {@code session} is null. */
    private static JsonNode count(McpHttpSession connection, String session) throws IOException, InterruptedException {
        Map<String, Object> args = Map.of("code", ReplicasIT.COUNT, "session", session == null ? "new" : session);
        return onceMoreIfUnanswered(() -> connection.result("execute_code", args));
    }

    /**
     * Sends a request again, once, when it got no answer at all, as a client would: when the balancer takes the
     * killed replica out of service it closes the connections bound to it ({@code on-marked-down
     * shutdown-sessions}), and the JDK's client resends only idempotent requests itself (these are POSTs). An answer
     * with an HTTP status is never resent; the printed counts show any call that ran twice. Keep-alive connections
     * the balancer closes when idle are not among these: the ITs' client drops them first (pom.xml).
     */
    static <T> T onceMoreIfUnanswered(Request<T> request) throws IOException, InterruptedException {
        try {
            return request.send();
        } catch (McpHttpSession.HttpStatusException answered) {
            throw answered;
        } catch (IOException noAnswer) {
            return request.send();
        }
    }

    @FunctionalInterface
    interface Request<T> {
        T send() throws IOException, InterruptedException;
    }
}
