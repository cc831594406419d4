package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.codeexec.mcp.SandboxWarm;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The skills store is shared by every tenant (one database), and a save adds a version that stays until
 * delete_skill: one tenant's skills hold at most skills.max-versions-per-tenant versions and
 * skills.max-bytes-per-tenant bytes together. A save past either is refused naming it, and stores nothing; another
 * tenant saves meanwhile, and a delete makes room.
 */
@QuarkusTest
@TestProfile(StoreBoundsProfile.class)
class SkillQuotaTest {

    static final int MAX_VERSIONS = StoreBoundsProfile.MAX_SKILL_VERSIONS;
    static final int MAX_BYTES = StoreBoundsProfile.MAX_SKILL_BYTES;
    static final String INITECH = StoreBoundsProfile.INITECH;
    static final String UMBRELLA = StoreBoundsProfile.UMBRELLA;
    /** What POST /api/v1/skills answers when it stored a new version. */
    static final int SAVED = 201;

    @Inject
    EntityManager em;

    /** The test database outlives a run: these tenants start each test with no skills and no deleted names. */
    @BeforeEach
    void forgetTheTenantsSkills() {
        SandboxWarm.awaitReady();
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("DELETE FROM skill_version WHERE tenant IN ('initech', 'umbrella')").executeUpdate();
            em.createNativeQuery("DELETE FROM skill_retired WHERE tenant IN ('initech', 'umbrella')").executeUpdate();
        });
    }

    @Test
    void aSavePastTheTenantsVersionBoundIsRefusedUntilADeleteMakesRoom() {
        save(INITECH, "first", "x = 1\n").statusCode(SAVED);
        save(INITECH, "first", "x = 2\n").statusCode(SAVED);
        save(INITECH, "second", "y = 1\n").statusCode(SAVED);

        save(INITECH, "third", "z = 1\n").statusCode(409).body("error", equalTo("conflict"))
                .body("field", equalTo("name"))
                .body("message", containsString("this tenant's skills hold 3 versions and 0 deleted names "
                        + "(remembered so that a name saved again never reuses a version number), together the limit "
                        + "of 3 (skills.max-versions-per-tenant)"));
        given().header("Authorization", "Bearer " + INITECH).get("/api/v1/skills/third").then().statusCode(404);

        save(UMBRELLA, "third", "z = 1\n").statusCode(SAVED);

        // Two versions go, and the deleted name is remembered: one place is made.
        given().header("Authorization", "Bearer " + INITECH).delete("/api/v1/skills/first").then().statusCode(200);
        save(INITECH, "third", "z = 1\n").statusCode(SAVED);
    }

    @Test
    void namesSavedAndDeletedInALoopStopAtTheVersionBound() {
        for (int i = 0; i < MAX_VERSIONS; i++) {
            save(INITECH, "passing" + i, "x = 1\n").statusCode(SAVED);
            given().header("Authorization", "Bearer " + INITECH).delete("/api/v1/skills/passing" + i).then()
                    .statusCode(200);
        }
        save(INITECH, "one_more", "x = 1\n").statusCode(409).body("field", equalTo("name"))
                .body("message", containsString("hold 0 versions and 3 deleted names"));
    }

    @Test
    void aSavePastTheTenantsByteBoundIsRefused() {
        String large = "# " + "a".repeat(200_000) + "\nx = 1\n";
        save(INITECH, "large", large).statusCode(SAVED);

        save(INITECH, "large", large.replace("x = 1", "x = 2")).statusCode(409).body("field", equalTo("code"))
                .body("message", containsString("would pass the limit of " + MAX_BYTES
                        + " (skills.max-bytes-per-tenant)"));
        given().header("Authorization", "Bearer " + INITECH).get("/api/v1/skills/large").then().statusCode(200)
                .body("version", equalTo(1));

        save(UMBRELLA, "large", large).statusCode(SAVED);
    }

    private ValidatableResponse save(String token, String name, String code) {
        return given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("name", name, "description", "a skill the quota test saves", "code", code))
                .post("/api/v1/skills").then();
    }
}
