package dev.codeexec.stats;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.mcp.McpCalls;
import dev.codeexec.mcp.SandboxWarm;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** get_execution_stats, GET /api/v1/stats, /q/metrics, /q/health and the OpenAPI document. */
@QuarkusTest
class StatsAndOperatorTest {

    @BeforeEach
    void warm() {
        SandboxWarm.awaitReady();
    }

    private static JsonObject stats(McpCalls mcp) {
        ToolResponse r = mcp.call("get_execution_stats", Map.of());
        assertFalse(r.isError(), McpCalls.text(r));
        return JsonObject.mapFrom(r.structuredContent());
    }

    @Test
    void statsCountExecutionsServerWideAndPerConnection() {
        McpCalls mcp = new McpCalls();
        JsonObject before = stats(mcp).getJsonObject("executions");
        mcp.exec("print('ok')");
        mcp.exec("raise ValueError('boom')");
        McpCalls.Exec timedOut = mcp.exec("import time\ntime.sleep(5)", 1);
        JsonObject after = stats(mcp);
        JsonObject executions = after.getJsonObject("executions");
        assertTrue(executions.getLong("total") >= before.getLong("total") + 3);
        assertTrue(executions.getLong("succeeded") >= before.getLong("succeeded") + 1);
        assertTrue(executions.getLong("failed") >= before.getLong("failed") + 1);
        assertTrue(executions.getLong("timed_out") >= before.getLong("timed_out") + 1);
        // A run is never cut before its timeout, and the slowest run is at least as slow as this one.
        assertTrue(timedOut.timedOut() && timedOut.durationMs() >= 1000, timedOut.toString());
        assertTrue(executions.getLong("max_ms") >= timedOut.durationMs(), executions.encode());
        JsonObject mine = after.getJsonObject("connection");
        assertEquals(new JsonObject(Map.of("total", 3, "succeeded", 1, "failed", 1, "timed_out", 1, "killed", 0,
                "cancelled", 0)), mine);
        assertTrue(after.getBoolean("ready"));
        assertTrue(after.getLong("uptime_s") >= 0);
        assertTrue(after.getJsonObject("memory").getLong("heap_used_bytes") > 0);
        assertTrue(after.getJsonObject("memory").getLong("rss_bytes") > 0, "no RSS on Linux");
        assertTrue(after.getJsonObject("sandbox").getString("isolation").length() > 0);
        assertTrue(after.getJsonObject("workspace").getLong("max_files") > 0);
        // The workers run on the test's own JDK (no sandbox.worker.java-home), interpreter-only by default.
        assertEquals(Runtime.version() + ", " + System.getProperty("java.vendor"), after.getString("worker_jdk"));
        assertEquals("off", after.getString("jit"));
        assertEquals(3, after.getJsonObject("capabilities").getJsonObject("test_probe").getInteger("widgets"));
        assertEquals(0, stats(new McpCalls()).getJsonObject("connection").getLong("total"), "counts leak across connections");
    }

    @Test
    void restStatsMirrorTheTool() {
        given().contentType(ContentType.JSON).body(Map.of("code", "print(1)")).post("/api/v1/executions")
                .then().statusCode(200);
        JsonObject stats = new JsonObject(given().get("/api/v1/stats").then().statusCode(200).extract().asString());
        assertTrue(stats.getJsonObject("memory").getLong("heap_max_bytes") > 0);
        given().get("/api/v1/stats").then().statusCode(200)
                .body("executions.total", greaterThan(0))
                .body("connection.succeeded", greaterThan(0))
                .body("capabilities.test_probe.widgets", equalTo(3));
    }

    @Test
    void metricsExposeExecutionFigures() {
        new McpCalls().exec("print('metrics')");
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        for (String name : new String[] {"codeexec_executions_total{outcome=\"succeeded\"}",
                "codeexec_executions_total{outcome=\"rejected_busy\"}", "codeexec_execution_latency_ms{quantile=\"0.99\"}",
                "codeexec_executions_running", "codeexec_executions_queued", "codeexec_workers{state=\"idle\"}",
                "codeexec_workers_replaced_total", "codeexec_sessions", "codeexec_sandbox_ready",
                "codeexec_workspace_files", "codeexec_workspace_bytes", "codeexec_worker_start_ms{quantile=\"0.5\"}",
                "codeexec_context_build_ms{quantile=\"max\"}", "codeexec_warm_recycles_total{cause=\"heap\"}"}) {
            assertTrue(metrics.contains(name), "missing metric " + name);
        }
    }

    @Test
    void healthIsUpOnceTheSandboxIsWarm() {
        new McpCalls().exec("print('warm')");
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"))
                .body("checks.find { it.name == 'sandbox' }.status", equalTo("UP"));
        given().get("/q/health").then().statusCode(200);
    }

    @Test
    void openApiDescribesTheRestApiAndSwaggerUiIsServed() {
        given().get("/q/openapi").then().statusCode(200)
                .body(containsString("/api/v1/workspace/files/{path}"))
                .body(containsString("/api/v1/stats"))
                .body(containsString("/api/v1/executions"));
        // The vault handle, in the bodies that take it and the answers that name it, as the MCP tools have it.
        for (String schema : java.util.List.of("SanitizeBody", "RestoreBody", "ExecutionBody", "SanitizeResult",
                "ExecutionView")) {
            given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                    .body("components.schemas." + schema + ".properties.vault.type", equalTo("string"));
        }
        given().get("/q/swagger-ui/").then().statusCode(200).body(notNullValue());
    }
}
