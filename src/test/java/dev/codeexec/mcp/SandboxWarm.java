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
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (given().get("/q/health/ready").statusCode() != 200) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the sandbox did not become ready within " + PATIENCE);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for the sandbox", e);
            }
        }
    }
}
