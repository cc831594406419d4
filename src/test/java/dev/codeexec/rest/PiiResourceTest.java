package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.codeexec.mcp.SandboxWarm;
import dev.codeexec.pii.RestoreResult;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The REST mirror of the PII vault handles: POST /api/v1/pii/sanitize answers with the vault it used, restore and
 * executions take it, and a run that tokenized names its vault, as the MCP tools do. Each test uses X-Session-Ids of
 * its own, so no caller's own vault is shared with another test.
 */
@QuarkusTest
class PiiResourceTest {

    private static RequestSpecification as(String sessionId) {
        RequestSpecification request = given().contentType(ContentType.JSON);
        return sessionId == null ? request : request.header("X-Session-Id", sessionId);
    }

    private static String caller() {
        return "pii-" + UUID.randomUUID();
    }

    private static JsonPath sanitize(String sessionId, Map<String, Object> body) {
        return as(sessionId).body(body).post("/api/v1/pii/sanitize").then().statusCode(200).extract().jsonPath();
    }

    private static JsonPath restore(String sessionId, Map<String, Object> body) {
        return as(sessionId).body(body).post("/api/v1/pii/restore").then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aSanitizedTextIsRestoredThroughItsVaultUnderAnotherOrNoSessionId() {
        JsonPath sanitized = sanitize(caller(), Map.of("text", "mail first@example.com"));
        String vault = sanitized.getString("vault");
        assertNotNull(vault, "sanitize names the vault it used");
        String tokens = sanitized.getString("text");
        assertEquals("mail <EMAIL_ADDRESS_1>", tokens);

        assertEquals("mail first@example.com", restore(caller(), Map.of("text", tokens, "vault", vault))
                .getString("text"));
        JsonPath withoutHeader = restore(null, Map.of("text", tokens, "vault", vault));
        assertEquals("mail first@example.com", withoutHeader.getString("text"));
        assertNull(withoutHeader.get("note"));
        // The same vault again: the same value keeps its token, the vault answers with its own handle.
        JsonPath again = sanitize(null, Map.of("text", "first@example.com, second@example.com", "vault", vault));
        assertEquals("<EMAIL_ADDRESS_1>, <EMAIL_ADDRESS_2>", again.getString("text"));
        assertEquals(vault, again.getString("vault"));
    }

    /** Without a handle the caller's own vault is used, and tokens it does not hold come back with MCP's note. */
    @Test
    void aRestoreWithoutTheVaultIsToldToPassIt() {
        String tokens = sanitize(caller(), Map.of("text", "mail owner@example.com")).getString("text");
        JsonPath elsewhere = restore(caller(), Map.of("text", tokens));
        assertEquals(tokens, elsewhere.getString("text"));
        assertEquals(List.of("<EMAIL_ADDRESS_1>"), elsewhere.getList("unknown"));
        assertEquals(RestoreResult.PASS_THE_VAULT, elsewhere.getString("note"));
    }

    @Test
    void aVaultThatIsNoHandleOrNeverIssuedIsRefusedNamingTheField() {
        String vault = sanitize(caller(), Map.of("text", "mail probe@example.com")).getString("vault");
        String neverIssued = vault.substring(0, vault.lastIndexOf('.') + 1) + "0".repeat(32);
        as(caller()).body(Map.of("text", "<EMAIL_ADDRESS_1>", "vault", neverIssued)).post("/api/v1/pii/restore")
                .then().statusCode(404).body("error", equalTo("not_found")).body("field", equalTo("vault"))
                .body("message", startsWith("vault: no such vault for this tenant"));
        as(caller()).body(Map.of("text", "x", "vault", "my-vault")).post("/api/v1/pii/sanitize")
                .then().statusCode(404).body("field", equalTo("vault"))
                .body("message", startsWith("vault: \"my-vault\" is not a vault handle"));
        as(caller()).body(Map.of("text", "x", "vault", 5)).post("/api/v1/pii/restore")
                .then().statusCode(400).body("field", equalTo("vault")).body("message", equalTo("vault: must be a string"));
        as(caller()).body(Map.of("code", "print(1)", "vault", neverIssued)).post("/api/v1/executions")
                .then().statusCode(404).body("field", equalTo("vault"))
                .body("message", startsWith("vault: no such vault for this tenant"));
    }

    /** sanitize_output tokenizes into the vault passed, so tokens agree with sanitize's and restore through it. */
    @Test
    void anExecutionWithSanitizedOutputTokenizesIntoTheVaultPassed() {
        SandboxWarm.awaitReady();
        JsonPath sanitized = sanitize(caller(), Map.of("text", "mail run@example.com"));
        String vault = sanitized.getString("vault");
        JsonPath run = as(caller()).body(Map.of("code", "print('to run@example.com and other@example.com')",
                        "sanitize_output", true, "vault", vault))
                .post("/api/v1/executions").then().statusCode(200).extract().jsonPath();
        assertEquals("to <EMAIL_ADDRESS_1> and <EMAIL_ADDRESS_2>\n", run.getString("stdout"));
        assertEquals(vault, run.getString("vault"));
        assertEquals("to run@example.com and other@example.com\n",
                restore(null, Map.of("text", run.getString("stdout"), "vault", vault)).getString("text"));

        // Without a vault the caller's own is used, and the answer names it: another caller restores through it.
        JsonPath own = as(caller()).body(Map.of("code", "print('own@example.com')", "sanitize_output", true))
                .post("/api/v1/executions").then().statusCode(200).extract().jsonPath();
        assertEquals("<EMAIL_ADDRESS_1>\n", own.getString("stdout"));
        assertEquals("own@example.com\n", restore(caller(), Map.of("text", own.getString("stdout"), "vault",
                own.getString("vault"))).getString("text"));
    }

    /** A session opened with "new" acts for a vault of its own and names it, as execute_code(session="new") does. */
    @Test
    void aSessionNamesTheVaultItsRunsTokenizeInto() {
        SandboxWarm.awaitReady();
        JsonPath opened = as(caller()).body(Map.of("code", "import pii\nprint(pii.sanitize('mail s@example.com'))",
                        "session", "new"))
                .post("/api/v1/executions").then().statusCode(200).extract().jsonPath();
        assertEquals("mail <EMAIL_ADDRESS_1>\n", opened.getString("stdout"));
        String vault = opened.getString("vault");
        as(caller()).body(Map.of("code", "print(1)", "session", opened.getString("session")))
                .post("/api/v1/executions").then().statusCode(200).body("vault", equalTo(vault));
        assertEquals("mail s@example.com\n", restore(caller(), Map.of("text", opened.getString("stdout"),
                "vault", vault)).getString("text"));
    }

    /** A background run names the vault it tokenized into in its view, so its tokens restore from another caller. */
    @Test
    void aBackgroundRunThatTokenizedNamesItsVault() {
        SandboxWarm.awaitReady();
        String owner = caller();
        String id = startBackground(owner, "import pii\nprint(pii.sanitize('mail bg@example.com'))");
        JsonPath end = awaitFinished(caller(), id);
        assertEquals("mail <EMAIL_ADDRESS_1>\n", end.getString("stdout"));
        String vault = end.getString("vault");
        assertNotNull(vault, "a finished run that tokenized names its vault");
        assertEquals("mail bg@example.com\n", restore(caller(), Map.of("text", end.getString("stdout"),
                "vault", vault)).getString("text"));

        String plain = startBackground(caller(), "print('nothing personal')");
        assertNull(awaitFinished(caller(), plain).get("vault"), "a run that tokenized nothing names no vault");
    }

    private static String startBackground(String sessionId, String code) {
        Map<String, Object> body = new HashMap<>();
        body.put("code", code);
        body.put("background", true);
        return as(sessionId).body(body).post("/api/v1/executions").then().statusCode(202)
                .body("execution_id", notNullValue()).extract().path("execution_id");
    }

    /** Long-polls from the ends of the streams until the run has finished: each poll returns on output or the end. */
    private static JsonPath awaitFinished(String sessionId, String id) {
        JsonPath view = as(sessionId).queryParam("wait_s", 30).get("/api/v1/executions/" + id).then().statusCode(200)
                .extract().jsonPath();
        while (!"finished".equals(view.getString("status"))) {
            view = as(sessionId).queryParam("wait_s", 30)
                    .queryParam("stdout_offset", view.getLong("next_stdout_offset"))
                    .queryParam("stderr_offset", view.getLong("next_stderr_offset"))
                    .get("/api/v1/executions/" + id).then().statusCode(200).extract().jsonPath();
        }
        // The whole output, read once the run is over.
        return as(sessionId).get("/api/v1/executions/" + id).then().statusCode(200).body("status", equalTo("finished"))
                .body("dropped", equalTo(false)).body("exit_code", equalTo(0)).body("stderr", equalTo(""))
                .extract().jsonPath();
    }
}
