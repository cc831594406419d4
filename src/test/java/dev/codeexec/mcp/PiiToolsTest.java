package dev.codeexec.mcp;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** sanitize_pii and restore_pii over MCP, per-connection vaults, and the REST mirror. */
@QuarkusTest
class PiiToolsTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    private JsonObject call(McpCalls client, String tool, Map<String, Object> args) {
        ToolResponse r = client.call(tool, args);
        assertFalse(r.isError(), () -> tool + " failed: " + McpCalls.text(r));
        return JsonObject.mapFrom(r.structuredContent());
    }

    @Test
    void sanitizeReturnsTokensOffsetsAndCounts() {
        String text = "Mail jane@example.com or call +44 20 7946 0958; card 4111 1111 1111 1111.";
        JsonObject r = call(mcp, "sanitize_pii", Map.of("text", text));
        assertEquals("Mail <EMAIL_ADDRESS_1> or call <PHONE_NUMBER_1>; card <CREDIT_CARD_1>.", r.getString("text"));
        JsonArray entities = r.getJsonArray("entities");
        assertEquals(3, entities.size());
        JsonObject email = entities.getJsonObject(0);
        assertEquals("EMAIL_ADDRESS", email.getString("type"));
        assertEquals("jane@example.com", text.substring(email.getInteger("start"), email.getInteger("end")));
        assertEquals("<EMAIL_ADDRESS_1>", email.getString("token"));
        assertTrue(email.getDouble("score") >= 0.5);
        assertEquals(1, r.getJsonObject("counts").getInteger("CREDIT_CARD"));
        assertEquals(r, new JsonObject(McpCalls.text(mcp.call("sanitize_pii", Map.of("text", text)))));
    }

    @Test
    void restoreGivesTheOriginalBackOnTheSameConnection() {
        String text = "SSN 536-22-1234 for jane@example.com, not <EMAIL_ADDRESS_7>";
        String sanitized = call(mcp, "sanitize_pii", Map.of("text", text)).getString("text");
        assertFalse(sanitized.contains("536-22-1234"));
        assertEquals(text, call(mcp, "restore_pii", Map.of("text", sanitized)).getString("text"));
    }

    @Test
    void tokenFromAnotherConnectionIsNotRestored() {
        String sanitized = call(mcp, "sanitize_pii", Map.of("text", "secret-owner@example.com")).getString("text");
        McpCalls other = new McpCalls();
        assertEquals(sanitized, call(other, "restore_pii", Map.of("text", sanitized)).getString("text"));
        // Once the other connection has tokens of its own, the same token names its own value only.
        call(other, "sanitize_pii", Map.of("text", "someone-else@example.com"));
        assertEquals("someone-else@example.com",
                call(other, "restore_pii", Map.of("text", sanitized)).getString("text"));
        assertEquals("secret-owner@example.com", call(mcp, "restore_pii", Map.of("text", sanitized)).getString("text"));
    }

    @Test
    void entitiesAndMinScoreNarrowTheResult() {
        JsonObject r = call(mcp, "sanitize_pii", Map.of("text", "a@example.com 10.1.2.3", "entities",
                List.of("IP_ADDRESS"), "min_score", 0.1));
        assertEquals("a@example.com <IP_ADDRESS_1>", r.getString("text"));
    }

    @Test
    void badArgumentsAreToolErrorsNamingTheField() {
        ToolResponse unknown = mcp.call("sanitize_pii", Map.of("text", "x", "entities", List.of("NAME")));
        assertTrue(unknown.isError());
        assertTrue(McpCalls.text(unknown).startsWith("entities: "), McpCalls.text(unknown));
        ToolResponse score = mcp.call("sanitize_pii", Map.of("text", "x", "min_score", 2));
        assertTrue(score.isError());
        assertTrue(McpCalls.text(score).startsWith("min_score: "), McpCalls.text(score));
    }

    @Test
    void operatorDefinedRecognizerIsUsed() {
        JsonObject r = call(mcp, "sanitize_pii", Map.of("text", "Employee badge EMP-123456, project PRJ0042"));
        assertEquals("Employee badge <EMPLOYEE_ID_1>, project <PROJECT_CODE_1>", r.getString("text"));
    }

    @Test
    void restRoundTripUsesTheSessionHeader() {
        String session = UUID.randomUUID().toString();
        String sanitized = given().contentType(ContentType.JSON).header("X-Session-Id", session)
                .body(Map.of("text", "write to rest@example.com")).post("/api/v1/pii/sanitize")
                .then().statusCode(200).body("entities[0].type", equalTo("EMAIL_ADDRESS"))
                .extract().path("text");
        assertEquals("write to <EMAIL_ADDRESS_1>", sanitized);
        given().contentType(ContentType.JSON).header("X-Session-Id", session).body(Map.of("text", sanitized))
                .post("/api/v1/pii/restore").then().statusCode(200).body("text", equalTo("write to rest@example.com"));
        given().contentType(ContentType.JSON).header("X-Session-Id", "other-" + session)
                .body(Map.of("text", sanitized)).post("/api/v1/pii/restore")
                .then().statusCode(200).body("text", equalTo(sanitized));
    }

    @Test
    void restRefusesMissingTextAndUnknownTypes() {
        given().contentType(ContentType.JSON).body(Map.of()).post("/api/v1/pii/sanitize")
                .then().statusCode(400).body("field", equalTo("text"));
        given().contentType(ContentType.JSON).body(Map.of("text", "x", "min_score", -1)).post("/api/v1/pii/sanitize")
                .then().statusCode(400).body("message", containsString("min_score"));
    }
}
