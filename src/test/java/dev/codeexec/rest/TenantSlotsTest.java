package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.codeexec.mcp.SandboxWarm;
import dev.codeexec.skills.PostgresProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/** With several tenants, no tenant's runs hold every running slot (sandbox.fair-share.tenant-slots). */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class TenantSlotsTest {

    private static String status(String token, String id) {
        return given().header("Authorization", "Bearer " + token).when().get("/api/v1/executions/" + id)
                .then().statusCode(200).extract().path("status");
    }

    private static long queued() {
        return given().header("Authorization", "Bearer " + TokenProfile.ACME).get("/api/v1/stats")
                .then().statusCode(200).extract().jsonPath().getLong("executions.queued");
    }

    /**
     * Acme sends two runs that hold until the test writes a file into acme's workspace; one runs and the other waits
     * for it although a slot is free, and globex's print(1) takes that slot and completes while both of acme's are
     * still held; then the file releases them (mutation-checked: without the cap acme's runs take both slots, and
     * globex's run completes only once they time out).
     */
    @Test
    void anotherTenantsRunCompletesWhileATenantsRunsHoldTheirSlots() throws Exception {
        SandboxWarm.awaitReady();
        String release = "release-" + UUID.randomUUID();
        String held = "import os, time\nprint('started', flush=True)\nwhile not os.path.exists('" + release + "'):\n"
                + "    time.sleep(0.05)\nprint('released')";
        List<String> acme = List.of(start(TokenProfile.ACME, held), start(TokenProfile.ACME, held));
        // One runs; the other is running too (no cap) or waits in the pool for acme's own run (queued, server-wide).
        Awaitility.await("acme's first run started and its second reached the pool").atMost(Duration.ofSeconds(120))
                .until(() -> {
                    long running = acme.stream().filter(id -> status(TokenProfile.ACME, id).equals("running")).count();
                    return running == 2 || running == 1 && queued() == 1;
                });

        // In the background, awaited by long-polls: a worker start for globex may take longer than one HTTP read.
        String globex = start(TokenProfile.GLOBEX, "print(1)");
        assertEquals("1\n", awaitFinished(TokenProfile.GLOBEX, globex));
        List<String> states = acme.stream().map(id -> status(TokenProfile.ACME, id)).sorted().toList();
        assertEquals(List.of("queued", "running"), states, "acme's runs were not both held when globex's completed");

        given().header("Authorization", "Bearer " + TokenProfile.ACME).contentType(ContentType.JSON)
                .body(Map.of("content", "go")).put("/api/v1/workspace/files/" + release).then().statusCode(200);
        for (String id : acme) {
            assertEquals("started\nreleased\n", awaitFinished(TokenProfile.ACME, id));
        }
    }

    /**
     * A background run of {@code token}'s tenant. Acme's held ones may run 120 s: longer than a start of globex's
     * worker may take, so that only a mutation makes them time out before globex's run ends.
     */
    private static String start(String token, String code) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("code", code, "background", true, "timeout_s", 120))
                .when().post("/api/v1/executions").then().statusCode(202).extract().path("execution_id");
    }

    /** Long-polls of 10 s, under RestAssured's 30 s read, up to 300 s in all; the run's stdout once it exits 0. */
    private static String awaitFinished(String token, String id) {
        for (int i = 0; i < 30 && !"finished".equals(status(token, id)); i++) {
            given().header("Authorization", "Bearer " + token).queryParam("wait_s", 10)
                    .get("/api/v1/executions/" + id).then().statusCode(200);
        }
        return given().header("Authorization", "Bearer " + token).get("/api/v1/executions/" + id)
                .then().statusCode(200).body("status", equalTo("finished")).body("exit_code", equalTo(0))
                .extract().path("stdout");
    }
}
