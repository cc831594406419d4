package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.codeexec.mcp.SandboxWarm;
import dev.codeexec.replica.CallerHomes;
import dev.codeexec.tenant.Caller;
import dev.codeexec.tenant.Tenants;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A REST caller whose in-memory state another replica held (that replica died, or the balancer moved the caller)
 * is told once that it is gone, naming the server, and then carries on here afresh; a caller new to every
 * replica, or one this replica holds, is never refused.
 */
@QuarkusTest
class CallerHomesTest {

    @Inject
    EntityManager em;

    @Inject
    CallerHomes homes;

    /** Records, as another replica would have, that {@code replica} holds the REST caller {@code sessionId}. */
    private void heldBy(String sessionId, String replica) {
        heldBy(sessionId, replica, OffsetDateTime.now());
    }

    private void heldBy(String sessionId, String replica, OffsetDateTime since) {
        String caller = new Caller(Tenants.LOCAL, "rest:" + sessionId).id();
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "INSERT INTO caller_home (caller, replica, claimed_at) VALUES (?1, ?2, ?3)")
                .setParameter(1, caller).setParameter(2, replica).setParameter(3, since)
                .executeUpdate());
    }

    @Test
    void claimsOlderThanAWeekAreForgotten() {
        String old = "old-" + UUID.randomUUID();
        heldBy(old, "gone-replica-010203", OffsetDateTime.now().minusDays(8));
        homes.forgetClaimedBefore(java.time.Instant.now().minus(java.time.Duration.ofDays(7)));
        // Forgotten, so not reported: the caller simply starts here.
        given().header("X-Session-Id", old).contentType(ContentType.JSON)
                .body(Map.of("code", "print(2)", "session", "new")).post("/api/v1/executions").then().statusCode(200);
    }

    @Test
    void aSessionHeldByAnotherReplicaIsReportedGoneOnceThenStartsAfresh() {
        SandboxWarm.awaitReady();
        String sessionId = "moved-" + UUID.randomUUID();
        heldBy(sessionId, "other-replica-0a0b0c");
        Map<String, Object> run = Map.of("code", "print(globals().get('x'))", "session", "new");
        given().header("X-Session-Id", sessionId).contentType(ContentType.JSON).body(run)
                .post("/api/v1/executions").then().statusCode(410).body("field", equalTo("X-Session-Id"))
                .body("message", containsString("were held by server other-replica-0a0b0c and are not on this one"));
        given().header("X-Session-Id", sessionId).contentType(ContentType.JSON).body(run)
                .post("/api/v1/executions").then().statusCode(200).body("stdout", equalTo("None\n"));
    }

    @Test
    void piiTokensHeldByAnotherReplicaAreReportedGone() {
        String sessionId = "moved-pii-" + UUID.randomUUID();
        heldBy(sessionId, "other-replica-0d0e0f");
        given().header("X-Session-Id", sessionId).contentType(ContentType.JSON).body(Map.of("text", "<EMAIL_ADDRESS_1>"))
                .post("/api/v1/pii/restore").then().statusCode(410)
                .body("message", containsString("server other-replica-0d0e0f"));
        given().header("X-Session-Id", sessionId).contentType(ContentType.JSON).body(Map.of("text", "<EMAIL_ADDRESS_1>"))
                .post("/api/v1/pii/restore").then().statusCode(200).body("unknown[0]", equalTo("<EMAIL_ADDRESS_1>"));
    }

    @Test
    void aNewCallerAndThisReplicasOwnRestartAreNotRefused() {
        String fresh = "new-" + UUID.randomUUID();
        given().header("X-Session-Id", fresh).contentType(ContentType.JSON)
                .body(Map.of("code", "x = 1", "session", "new")).post("/api/v1/executions").then().statusCode(200);
        String replica = given().get("/api/v1/stats").then().extract().path("replica");
        // The same replica name with another boot suffix: this server restarted, which its clients expect.
        String restarted = "restarted-" + UUID.randomUUID();
        heldBy(restarted, replica.substring(0, replica.lastIndexOf('-')) + "-ffffff");
        given().header("X-Session-Id", restarted).contentType(ContentType.JSON)
                .body(Map.of("code", "print(1)", "session", "new")).post("/api/v1/executions").then().statusCode(200);
    }
}
