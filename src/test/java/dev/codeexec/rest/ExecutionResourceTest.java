package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** POST /api/v1/executions: the same service and result JSON as execute_code, with HTTP status codes. */
@QuarkusTest
class ExecutionResourceTest {

    @Test
    void runsCodeAndReturnsTheResultJson() {
        given().contentType(ContentType.JSON).body(Map.of("code", "import sys\nprint(sys.stdin.read() * 2)", "stdin", "ab"))
                .post("/api/v1/executions")
                .then().statusCode(200)
                .body("stdout", equalTo("abab\n")).body("exit_code", equalTo(0)).body("timed_out", equalTo(false))
                .body("truncated", equalTo(false));
    }

    @Test
    void aFailingProgramIsStillA200Result() {
        given().contentType(ContentType.JSON).body(Map.of("code", "raise SystemExit(9)"))
                .post("/api/v1/executions")
                .then().statusCode(200).body("exit_code", equalTo(9));
    }

    @Test
    void badInputIs400NamingTheFieldAndOversizeIs413() {
        given().contentType(ContentType.JSON).body(Map.of("code", ""))
                .post("/api/v1/executions")
                .then().statusCode(400).body("field", equalTo("code"));
        given().contentType(ContentType.JSON).body(Map.of("code", "pass", "timeout_s", 0))
                .post("/api/v1/executions")
                .then().statusCode(400).body("field", equalTo("timeout_s")).body("message", containsString("300"));
        given().contentType(ContentType.JSON).body(Map.of("code", "#" + "x".repeat(1 << 20)))
                .post("/api/v1/executions")
                .then().statusCode(413).body("field", equalTo("code"));
        given().contentType(ContentType.JSON).body("{not json")
                .post("/api/v1/executions")
                .then().statusCode(400);
    }

    @Test
    void sessionsAreScopedToTheSessionHeader() {
        given().contentType(ContentType.JSON).header("X-Session-Id", "alpha").body(Map.of("code", "v = 'a'", "session", "s"))
                .post("/api/v1/executions").then().statusCode(200);
        given().contentType(ContentType.JSON).header("X-Session-Id", "alpha").body(Map.of("code", "print(v)", "session", "s"))
                .post("/api/v1/executions").then().statusCode(200).body("stdout", equalTo("a\n"));
        given().contentType(ContentType.JSON).header("X-Session-Id", "beta").body(Map.of("code", "print('v' in globals())", "session", "s"))
                .post("/api/v1/executions").then().statusCode(200).body("stdout", equalTo("False\n"));
    }

    @Test
    void sanitizeOutputTokenizesPersonalData() {
        given().contentType(ContentType.JSON).body(Map.of("code", "print('mail carol@example.net')", "sanitize_output", true))
                .post("/api/v1/executions")
                .then().statusCode(200).body("stdout", not(containsString("carol@example.net")))
                .body("stdout", containsString("<EMAIL_ADDRESS_"));
    }
}
