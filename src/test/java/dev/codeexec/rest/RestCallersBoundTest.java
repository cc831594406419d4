package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each new X-Session-Id is recorded in the database replicas share for a week (CallerHomes); one tenant may have at
 * most codeexec.http.max-rest-callers-per-tenant of them, so that a tenant sending a new one with every request cannot
 * grow the database every tenant's skills live in toward a full disk. Past it, a new caller of that tenant is refused
 * naming the setting and nothing is written; its recorded callers, its shared caller and other tenants carry on.
 */
@QuarkusTest
@TestProfile(StoreBoundsProfile.class)
class RestCallersBoundTest {

    static final int MAX = StoreBoundsProfile.MAX_REST_CALLERS;

    @Inject
    EntityManager em;

    /** The test database outlives a run: start each test with no claim of these tenants. */
    @BeforeEach
    void forgetTheTenantsClaims() {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "DELETE FROM caller_home WHERE tenant IN ('acme', 'globex')").executeUpdate());
    }

    @Test
    void aTenantsNewRestCallersPastItsBoundAreRefusedWhileItsOthersAndAnotherTenantsGoOn() {
        List<String> recorded = IntStream.range(0, MAX).mapToObj(i -> "caller-" + UUID.randomUUID()).toList();
        recorded.forEach(id -> restore(TokenProfile.ACME, id).statusCode(200));

        restore(TokenProfile.ACME, "one-more-" + UUID.randomUUID()).statusCode(409)
                .body("error", equalTo("conflict")).body("field", equalTo("X-Session-Id"))
                .body("message", containsString("(distinct X-Session-Id values) number " + MAX + ", the limit "
                        + "(codeexec.http.max-rest-callers-per-tenant)"));
        assertEquals(MAX, claims("acme"), "the refused caller was recorded");

        restore(TokenProfile.ACME, recorded.getFirst()).statusCode(200);
        restore(TokenProfile.ACME, null).statusCode(200);
        restore(TokenProfile.GLOBEX, "globex-" + UUID.randomUUID()).statusCode(200);
        assertEquals(1, claims("globex"));
    }

    private ValidatableResponse restore(String token, String sessionId) {
        var request = given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("text", "<EMAIL_ADDRESS_1>"));
        if (sessionId != null) {
            request = request.header("X-Session-Id", sessionId);
        }
        return request.post("/api/v1/pii/restore").then();
    }

    private long claims(String tenant) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(
                "SELECT COUNT(*) FROM caller_home WHERE tenant = ?1").setParameter(1, tenant).getSingleResult())
                .longValue());
    }
}
