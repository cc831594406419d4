package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** With a token configured: who gets in, who gets 401/403, what stays open, and 429 when the queue is full. */
@QuarkusTest
@TestProfile(TokenProfile.class)
class HttpAccessTest {

    @jakarta.inject.Inject
    dev.codeexec.workspace.WorkspaceRoots roots;

    @TestHTTPResource("/api/v1/executions")
    URI executions;

    static final String BEARER = "Bearer " + TokenProfile.TOKEN;
    static final String INITIALIZE = """
            {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
            "capabilities":{},"clientInfo":{"name":"http-access-test","version":"1"}}}""";

    @Test
    void mcpNeedsTheToken() {
        given().contentType(ContentType.JSON).accept("application/json, text/event-stream").body(INITIALIZE)
                .post("/mcp").then().statusCode(401).header("WWW-Authenticate", "Bearer");
        given().header("Authorization", "Bearer wrong").contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body(INITIALIZE).post("/mcp").then().statusCode(401);
        given().header("Authorization", BEARER).contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body(INITIALIZE).post("/mcp").then().statusCode(200);
        given().header("X-MCP-AUTH", TokenProfile.TOKEN).contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body(INITIALIZE).post("/mcp").then().statusCode(200);
    }

    @Test
    void restAndMetricsNeedTheTokenHealthDoesNot() {
        given().get("/api/v1/stats").then().statusCode(401).body("error", equalTo("unauthorized"));
        given().get("/api/v1/workspace/files").then().statusCode(401);
        given().header("Authorization", BEARER).get("/api/v1/stats").then().statusCode(200);
        given().header("X-MCP-AUTH", TokenProfile.TOKEN).get("/api/v1/workspace/files").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(401);
        given().header("Authorization", "Bearer " + TokenProfile.METRICS).get("/q/metrics").then().statusCode(200);
        // Server-wide figures: with several tenants no tenant's token reads them, the default one's included.
        given().header("Authorization", BEARER).get("/q/metrics").then().statusCode(403)
                .body("error", equalTo("operator_only"));
        given().header("Authorization", "Bearer " + TokenProfile.METRICS).get("/api/v1/stats").then().statusCode(401);
        given().get("/q/health/live").then().statusCode(200);
        // Once ready the sandbox stays ready, so after the wait this is 200, never the 503 of a pool still starting.
        dev.codeexec.mcp.SandboxWarm.awaitReady();
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void crossSiteOriginsAreRefusedEvenWithTheToken() {
        given().header("Authorization", BEARER).header("Origin", "https://evil.example").get("/api/v1/stats")
                .then().statusCode(403).body("error", equalTo("forbidden_origin"));
        given().header("Authorization", BEARER).header("Origin", "http://localhost:3000").get("/api/v1/stats")
                .then().statusCode(200);
    }

    @Test
    void aFullQueueIs429() throws Exception {
        dev.codeexec.mcp.SandboxWarm.awaitReady();
        // The slow run holds the only slot until the test releases it, however slow the machine is.
        // The token is tenant "default"'s: its runs see that tenant's workspace.
        Path release = roots.root(dev.codeexec.tenant.Tenants.DEFAULT).path().resolve("release-" + UUID.randomUUID());
        String code = "import os, time\nwhile not os.path.exists('" + release.getFileName() + "'):\n    time.sleep(0.05)";
        // Sent with the JDK's client: REST Assured is not safe to use from two threads at once, and the poll below
        // uses it meanwhile.
        CompletableFuture<HttpResponse<String>> slow = HttpClient.newHttpClient().sendAsync(HttpRequest
                .newBuilder(executions).header("Authorization", BEARER).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(new io.vertx.core.json.JsonObject()
                        .put("code", code).put("timeout_s", 120).encode())).build(),
                HttpResponse.BodyHandlers.ofString());
        try {
            org.awaitility.Awaitility.await("the slow execution started").atMost(Duration.ofSeconds(60))
                    .failFast(() -> {
                        if (slow.isDone()) {
                            throw new AssertionError("the slow execution ended before it was seen running: "
                                    + slow.handle((r, e) -> e != null ? e.toString() : r.statusCode() + " " + r.body())
                                            .join());
                        }
                    })
                    .until(() -> given().header("Authorization", BEARER).get("/api/v1/stats").jsonPath()
                            .getInt("executions.running") >= 1);
            given().header("Authorization", BEARER).contentType(ContentType.JSON).body(Map.of("code", "print(1)"))
                    .post("/api/v1/executions").then().statusCode(429).body("error", equalTo("busy"));
        } finally {
            Files.createDirectories(release.getParent());
            Files.writeString(release, "");
        }
        HttpResponse<String> held = slow.get();
        org.junit.jupiter.api.Assertions.assertEquals(200, held.statusCode(), held.body());
    }
}
