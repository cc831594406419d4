package dev.codeexec.mcp;

import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkiverse.mcp.server.test.McpAssured.McpStreamableTestClient;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/** Test helper: one MCP call over streamable HTTP, its response kept for plain assertions. */
public final class McpCalls {

    /** What execute_code returned, read from its structured content. */
    public record Exec(String stdout, String stderr, int exitCode, boolean timedOut, boolean truncated, long durationMs) {
    }

    private final McpStreamableTestClient client;

    public McpCalls() {
        this(McpAssured.newConnectedStreamableClient());
    }

    public McpCalls(McpStreamableTestClient client) {
        this.client = client;
    }

    static {
        // The MCP test client waits for responses with Awaitility's default of 10 s; executions that
        // are killed at their deadline (and a busy 2-core CI machine) need longer.
        org.awaitility.Awaitility.setDefaultTimeout(java.time.Duration.ofMinutes(3));
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
