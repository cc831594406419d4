package dev.codeexec.sandbox;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.codeexec.mcp.SandboxWarm;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Background runs without a session are capped by sandbox.fair-share.background-slots as a session's are: the cap
 * was applied to runs holding a session only, so sessionless background runs took every slot and a foreground call
 * waited for them (29 s for print("hi") in an exploratory pass).
 */
@QuarkusTest
class BackgroundSlotsOverRestTest {

    @Inject
    SandboxService sandbox;

    @Inject
    SandboxConfig config;

    @Test
    void sessionlessBackgroundRunsLeaveASlotForAForegroundCall() {
        SandboxWarm.awaitReady();
        int cap = BackgroundSlots.forSlots(sandbox.settings().maxConcurrent(), config.fairShare().backgroundSlots())
                .perTenant();
        String release = "release-" + UUID.randomUUID();
        String held = "import os, time\nwhile not os.path.exists('" + release + "'):\n    time.sleep(0.05)\nprint('done')";
        List<String> runs = new ArrayList<>();
        for (int i = 0; i <= cap; i++) {
            runs.add(given().contentType(ContentType.JSON).body(Map.of("code", held, "background", true, "timeout_s", 120))
                    .post("/api/v1/executions").then().statusCode(202).extract().path("execution_id"));
        }
        Awaitility.await("the capped runs running, one more waiting").atMost(Duration.ofSeconds(120))
                .until(() -> states(runs).equals(expected(cap)));
        given().contentType(ContentType.JSON).body(Map.of("code", "print('hi')", "timeout_s", 60))
                .post("/api/v1/executions").then().statusCode(200).body("stdout", org.hamcrest.Matchers.equalTo("hi\n"));
        assertEquals(expected(cap), states(runs), "the background runs moved while the foreground call ran");
        given().contentType(ContentType.JSON).body(Map.of("content", "go")).put("/api/v1/workspace/files/" + release)
                .then().statusCode(200);
        Awaitility.await("all released").atMost(Duration.ofSeconds(120))
                .until(() -> states(runs).stream().allMatch("finished"::equals));
    }

    private static List<String> expected(int cap) {
        List<String> states = new ArrayList<>();
        states.add("queued");
        for (int i = 0; i < cap; i++) {
            states.add("running");
        }
        return states;
    }

    private static List<String> states(List<String> runs) {
        return runs.stream().map(id -> given().get("/api/v1/executions/" + id).then().statusCode(200)
                .extract().<String>path("status")).sorted().toList();
    }
}
