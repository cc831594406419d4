package dev.codeexec.mcp;

import static io.restassured.RestAssured.given;

import java.time.Duration;

/**
 * Waits for /q/health/ready before a test drives execute_code: on a loaded machine, warming the
 * first worker can outlast the MCP test client's 10 s reply timeout.
 */
public final class SandboxWarm {

    private static final Duration PATIENCE = Duration.ofSeconds(180);

    private SandboxWarm() {
    }

    public static void awaitReady() {
        org.awaitility.Awaitility.await("the sandbox became ready").atMost(PATIENCE)
                .until(() -> given().get("/q/health/ready").statusCode() == 200);
    }
}
