package dev.codeexec.mcp;

import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkiverse.mcp.server.test.McpAssured.McpStreamableTestClient;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.awaitility.Awaitility;
import org.awaitility.pollinterval.IterativePollInterval;

/** Test helper: one MCP call over streamable HTTP, its response kept for plain assertions. */
public final class McpCalls {

    /** What execute_code returned, read from its structured content. */
    public record Exec(String stdout, String stderr, int exitCode, boolean timedOut, boolean truncated, long durationMs) {
    }

    private static final Duration MAX_POLL_INTERVAL = Duration.ofMillis(16);

    private final McpStreamableTestClient client;

    public McpCalls() {
        this(McpAssured.newConnectedStreamableClient());
    }

    public McpCalls(McpStreamableTestClient client) {
        this.client = client;
    }

    static {
        // The MCP test client waits for each response with Awaitility's defaults. Its timeout of 10 s is too short for
        // executions killed at their deadline on a busy 2-core CI machine. Its first look after 100 ms and every 100 ms
        // after put up to 100 ms of idle on every call: a fifth of mvn verify. The wait now looks at once, then after
        // 1, 2, 4... ms, at most every 16 ms.
        Awaitility.setDefaultTimeout(Duration.ofMinutes(3));
        Awaitility.setDefaultPollDelay(Duration.ZERO);
        Awaitility.setDefaultPollInterval(new IterativePollInterval(
                previous -> previous.compareTo(MAX_POLL_INTERVAL) < 0 ? previous.multipliedBy(2) : MAX_POLL_INTERVAL,
                Duration.ofMillis(1)));
    }

    public ToolResponse call(String tool, Map<String, Object> args) {
        AtomicReference<ToolResponse> response = new AtomicReference<>();
        client.when().toolsCall(tool, args, response::set).thenAssertResults();
        return response.get();
    }

    public Exec exec(Map<String, Object> args) {
        ToolResponse r = call("execute_code", args);
        if (r.isError()) {
            throw new AssertionError("execute_code returned a tool error: " + text(r));
        }
        JsonObject o = JsonObject.mapFrom(r.structuredContent());
        return new Exec(o.getString("stdout"), o.getString("stderr"), o.getInteger("exit_code"),
                o.getBoolean("timed_out"), o.getBoolean("truncated"), o.getLong("duration_ms"));
    }

    public Exec exec(String code) {
        return exec(Map.of("code", code));
    }

    public Exec exec(String code, int timeoutS) {
        return exec(Map.of("code", code, "timeout_s", timeoutS));
    }

    public static String text(ToolResponse r) {
        return ((TextContent) r.content().get(0)).text();
    }

    public McpStreamableTestClient client() {
        return client;
    }
}
