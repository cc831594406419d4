package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.mcp.McpCalls;
import dev.codeexec.mcp.SandboxWarm;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.vertx.core.MultiMap;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A tenant's stats describe its own executions, context bytes, sessions and runs: another tenant's work moves none of
 * them (docs/THREAT_MODEL.md, T10), while the operator's /q/metrics still counts it.
 */
@QuarkusTest
@TestProfile(TokenProfile.class)
class TenantStatsTest {

    private static final int STDIN_BYTES = 12_345;
    private static final int SECRET_BYTES = 4_321;

    private static McpCalls mcp(String token) {
        return new McpCalls(McpAssured.newStreamableClient()
                .setAdditionalHeaders(message -> MultiMap.caseInsensitiveMultiMap().add("Authorization", "Bearer " + token))
                .build().connect());
    }

    private static JsonObject toolStats(McpCalls mcp) {
        ToolResponse r = mcp.call("get_execution_stats", Map.of());
        assertFalse(r.isError(), McpCalls.text(r));
        return JsonObject.mapFrom(r.structuredContent());
    }

    private static JsonObject restStats(String token) {
        return new JsonObject(given().header("Authorization", "Bearer " + token).get("/api/v1/stats")
                .then().statusCode(200).extract().asString());
    }

    /** What another tenant's work must not move: everything but the load (running, queued). */
    private static JsonObject own(JsonObject stats) {
        JsonObject executions = stats.getJsonObject("executions").copy();
        executions.remove("running");
        executions.remove("queued");
        return new JsonObject().put("executions", executions)
                .put("context_total", stats.getJsonObject("context").getJsonObject("total"))
                .put("runs", stats.getJsonObject("runs"))
                .put("sessions", stats.getJsonObject("sandbox").getInteger("sessions"));
    }

    private static long stdinMetric() {
        String metrics = given().header("Authorization", "Bearer " + TokenProfile.METRICS).get("/q/metrics")
                .then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("(?m)^codeexec_context_bytes_total\\{kind=\"stdin\"} ([0-9.E]+)$").matcher(metrics);
        assertTrue(m.find(), "no stdin bytes in the metrics");
        return (long) Double.parseDouble(m.group(1));
    }

    /**
     * Acme reads its stats; globex reads a file with a large stdin, fails a run, opens a session and starts a run it
     * awaits (a background run); acme's figures are exactly as they were, over MCP and REST, while globex's own and the operator's
     * metrics show the work (mutation-checked: with the stats server-wide again, acme's stdin bytes rise by 12,345).
     */
    @Test
    void anotherTenantsWorkNeverMovesATenantsStats() {
        SandboxWarm.awaitReady();
        McpCalls acme = mcp(TokenProfile.ACME);
        McpCalls globex = mcp(TokenProfile.GLOBEX);
        JsonObject acmeBefore = own(toolStats(acme));
        JsonObject acmeRestBefore = own(restStats(TokenProfile.ACME));
        JsonObject globexBefore = toolStats(globex).getJsonObject("context").getJsonObject("total");
        long metricBefore = stdinMetric();

        String secret = "globex-secret-" + UUID.randomUUID() + ".txt";
        assertFalse(globex.call("write_workspace_file", Map.of("path", secret, "content", "s".repeat(SECRET_BYTES)))
                .isError());
        McpCalls.Exec read = globex.exec(Map.of("code", "import sys\nsys.stdin.read()\nprint(len(open('" + secret
                + "').read()))", "stdin", "x".repeat(STDIN_BYTES)));
        assertEquals(SECRET_BYTES + "\n", read.stdout(), read.stderr());
        assertEquals(1, globex.exec("raise SystemExit(1)").exitCode());
        ToolResponse session = globex.call("execute_code", Map.of("code", "x = 1", "session", "new"));
        assertFalse(session.isError(), McpCalls.text(session));
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).contentType(ContentType.JSON)
                .body(Map.of("code", "print('globex run')", "wait_s", 120))
                .post("/api/v1/executions").then().statusCode(200).body("stdout", equalTo("globex run\n"));

        JsonObject globexAfter = toolStats(globex).getJsonObject("context").getJsonObject("total");
        assertTrue(globexAfter.getLong("stdin_bytes") - globexBefore.getLong("stdin_bytes") >= STDIN_BYTES,
                "globex's own stats must count its work: " + globexAfter.encode());
        assertTrue(stdinMetric() - metricBefore >= STDIN_BYTES, "the operator's metrics count every tenant's work");
        assertEquals(acmeBefore, own(toolStats(acme)), "another tenant's work moved acme's get_execution_stats");
        assertEquals(acmeRestBefore, own(restStats(TokenProfile.ACME)), "another tenant's work moved acme's REST stats");
    }

    /** The server-wide metrics answer the operator's token, and neither a tenant's nor none. */
    @Test
    void metricsAreTheOperatorsAlone() {
        given().header("Authorization", "Bearer " + TokenProfile.ACME).get("/q/metrics").then().statusCode(403)
                .body("error", equalTo("operator_only"))
                .body("message", containsString("codeexec.http.metrics-token"));
        given().get("/q/metrics").then().statusCode(401);
        given().header("X-MCP-AUTH", TokenProfile.METRICS).get("/q/metrics").then().statusCode(200)
                .body(containsString("codeexec_executions_total"));
    }
}
