package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.mcp.SandboxWarm;
import dev.codeexec.skills.PostgresProfile;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** One tenant's long-polls and background runs cannot take what another tenant needs: threads, results. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class TenantBudgetsTest {

    @TestHTTPResource("/api/v1/executions")
    URI executions;

    private static String start(String token, String code) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("code", code, "background", true, "timeout_s", 600))
                .when().post("/api/v1/executions").then().statusCode(202).extract().path("execution_id");
    }

    private static void awaitFinished(String token, String id) {
        awaitStatus(token, id, "finished");
    }

    /**
     * Long-polls of 10 s: under the 30 s that Quarkus gives RestAssured's reads (quarkus.http.test-timeout), so a
     * poll that ends without a change is answered, not cut off; up to 200 s in all for a worker to start under load.
     */
    private static void awaitStatus(String token, String id, String wanted) {
        String status = "";
        for (int i = 0; i < 20 && !status.equals(wanted); i++) {
            status = given().header("Authorization", "Bearer " + token).queryParam("wait_s", 10)
                    .when().get("/api/v1/executions/" + id).then().statusCode(200).extract().path("status");
        }
        assertEquals(wanted, status);
    }

    private static void cancel(String token, String id) {
        given().header("Authorization", "Bearer " + token).when().delete("/api/v1/executions/" + id)
                .then().statusCode(200);
    }

    /**
     * More long-polls from one tenant than the server has request threads are all pending, and another tenant's
     * request is answered meanwhile; past the tenant's cap a poll is refused as busy, naming the limit.
     */
    @Test
    void longPollsHoldNoRequestThreads() throws Exception {
        SandboxWarm.awaitReady();
        String run = start(TokenProfile.ACME, "import time\ntime.sleep(500)");
        // Running first, so that the polls below wait on a run that has started. Asked without wait_s: a long-poll
        // ends on output or the run's end, and this run prints nothing.
        Awaitility.await("the run started").atMost(Duration.ofSeconds(200)).until(() -> "running".equals(
                given().header("Authorization", "Bearer " + TokenProfile.ACME).when().get("/api/v1/executions/" + run)
                        .then().statusCode(200).extract().path("status")));
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest poll = HttpRequest.newBuilder(URI.create(executions + "/" + run + "?wait_s=30"))
                .header("Authorization", "Bearer " + TokenProfile.ACME).build();
        int extra = 5;
        List<CompletableFuture<HttpResponse<String>>> all = new ArrayList<>();
        for (int i = 0; i < TenantBudgets.MAX_WAITS + extra; i++) {
            all.add(http.sendAsync(poll, HttpResponse.BodyHandlers.ofString()));
        }
        // Past the tenant's cap a poll is refused at once; the others are then all pending on the server.
        Awaitility.await("the polls past the cap are refused").atMost(Duration.ofSeconds(20))
                .until(() -> all.stream().filter(CompletableFuture::isDone).count() == extra);
        List<CompletableFuture<HttpResponse<String>>> polls = new ArrayList<>();
        for (CompletableFuture<HttpResponse<String>> p : all) {
            if (p.isDone()) {
                HttpResponse<String> refused = p.join();
                assertEquals(429, refused.statusCode(), refused.body());
                assertTrue(refused.body().contains("the limit (sandbox.runs.max-waits-per-tenant=40)"),
                        refused.body());
            } else {
                polls.add(p);
            }
        }
        assertEquals(TenantBudgets.MAX_WAITS, polls.size());

        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).when().get("/api/v1/stats")
                .then().statusCode(200);
        assertTrue(TenantBudgets.MAX_WAITS > TenantBudgets.REQUEST_THREADS);
        assertFalse(polls.stream().anyMatch(CompletableFuture::isDone),
                "the other tenant was answered while every long-poll was still pending");

        cancel(TokenProfile.ACME, run);
        for (CompletableFuture<HttpResponse<String>> p : polls) {
            assertEquals(200, p.get(60, TimeUnit.SECONDS).statusCode());
        }
    }

    /**
     * A tenant's background runs reserve its retained-output budget: its oldest finished run makes room, never
     * another tenant's, and with none finished a new run is refused naming the budget.
     */
    @Test
    void retainedOutputBudgetEvictsOnlyWithinTheTenant() {
        SandboxWarm.awaitReady();
        String globex = start(TokenProfile.GLOBEX, "print('globex result')");
        awaitFinished(TokenProfile.GLOBEX, globex);
        String first = start(TokenProfile.ACME, "print('one')");
        awaitFinished(TokenProfile.ACME, first);
        String second = start(TokenProfile.ACME, "print('two')");
        awaitFinished(TokenProfile.ACME, second);
        String third = start(TokenProfile.ACME, "import time\ntime.sleep(500)");

        given().header("Authorization", "Bearer " + TokenProfile.ACME).when().get("/api/v1/executions/" + first)
                .then().statusCode(404);
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).when().get("/api/v1/executions/" + globex)
                .then().statusCode(200).body("stdout", containsString("globex result"));

        String fourth = start(TokenProfile.ACME, "import time\ntime.sleep(500)");
        given().header("Authorization", "Bearer " + TokenProfile.ACME).contentType(ContentType.JSON)
                .body(Map.of("code", "print(3)", "background", true))
                .when().post("/api/v1/executions").then().statusCode(409)
                .body("message", containsString("bytes of retained output (2048 each), its budget "
                        + "(sandbox.runs.retained-bytes-per-tenant=4096)"));
        cancel(TokenProfile.ACME, third);
        cancel(TokenProfile.ACME, fourth);
    }

    /** The legacy SSE transport's message endpoint checks no tenant, so it is not served at all. */
    @Test
    void legacySseTransportIsOff() {
        given().header("Authorization", "Bearer " + TokenProfile.ACME).when().get("/mcp/sse")
                .then().statusCode(404).body("error", org.hamcrest.Matchers.equalTo("legacy_sse_off"));
        given().header("Authorization", "Bearer " + TokenProfile.ACME).contentType(ContentType.JSON)
                .body("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}")
                .when().post("/mcp/messages/" + java.util.UUID.randomUUID())
                .then().statusCode(404).body("error", org.hamcrest.Matchers.equalTo("legacy_sse_off"));
    }
}
