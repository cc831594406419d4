package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
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
        given().contentType(ContentType.JSON).body(Map.of("code", "pass", "max_inline_bytes", 10))
                .post("/api/v1/executions")
                .then().statusCode(400).body("field", equalTo("max_inline_bytes"));
    }

    /** As execute_code's: a smaller inline budget cuts the output shown and links the whole of it. */
    @Test
    void maxInlineBytesSetsTheInlineBudget() {
        given().contentType(ContentType.JSON).body(Map.of("code", "print('y' * 100000)", "max_inline_bytes", 2000))
                .post("/api/v1/executions")
                .then().statusCode(200).body("truncated", equalTo(true))
                .body("stdout.length()", org.hamcrest.Matchers.lessThan(2200)) // the default keeps 16 KiB
                .body("stdout", containsString(" bytes left out; all 100001 bytes are in .runs/"))
                .body("stdout_file", org.hamcrest.Matchers.startsWith(".runs/"));
    }

    /** A misspelt limit is refused, not dropped: the run would otherwise go on under the default timeout. */
    @Test
    void anUnknownFieldOrAWrongTypeIsRefusedNamingTheField() {
        given().contentType(ContentType.JSON).body(Map.of("code", "print(1)", "timeout", 5))
                .post("/api/v1/executions")
                .then().statusCode(400).body("field", equalTo("timeout"))
                .body("message", equalTo("timeout: unknown field; this body takes background, code, fresh, "
                        + "max_inline_bytes, sanitize_output, session, stdin, timeout_s, vault, wait_s"));
        given().contentType(ContentType.JSON).body(Map.of("code", "print(1)", "timeout_s", "soon"))
                .post("/api/v1/executions")
                .then().statusCode(400).body("field", equalTo("timeout_s"))
                .body("message", equalTo("timeout_s: must be an integer"));
        given().contentType(ContentType.JSON).body(Map.of("name", "x", "code", "pass", "tags", "a"))
                .post("/api/v1/skills")
                .then().statusCode(400).body("field", equalTo("tags")).body("message", equalTo("tags: must be an array"));
        given().contentType(ContentType.JSON).body("[1]")
                .post("/api/v1/executions")
                .then().statusCode(400).body("field", equalTo("body")).body("message", equalTo("body: must be a JSON object"));
        // No coercion: a number is not code, nor 1 a flag, as the MCP tools have them.
        given().contentType(ContentType.JSON).body(Map.of("code", 5))
                .post("/api/v1/executions")
                .then().statusCode(400).body("field", equalTo("code")).body("message", equalTo("code: must be a string"));
        given().contentType(ContentType.JSON).body(Map.of("code", "print(1)", "background", 1))
                .post("/api/v1/executions")
                .then().statusCode(400).body("message", equalTo("background: must be true or false"));
    }

    /**
     * What the JSON reader refused itself came back as an empty 400 (or 415), and 2.7 ran as 2 and a body read up to
     * the junk after it: each is now refused naming what is wrong, and a refused run never starts.
     */
    @Test
    void aBodyTheJsonReaderRefusesIsAnsweredNamingWhatIsWrongAndRunsNothing() {
        String file = "rest-refused-" + java.util.UUID.randomUUID() + ".txt";
        String code = "open('" + file + "', 'w').write('ran')";
        String[][] cases = {
                {"{\"code\": \"" + code + "\", \"timeout_s\": 2.7}", "timeout_s", "timeout_s: must be an integer"},
                {"{\"code\": \"" + code + "\", \"timeout_s\": 99999999999}", "timeout_s",
                        "timeout_s: must be an integer from -2147483648 to 2147483647, was 99999999999"},
                {"{\"code\": \"" + code + "\"} {\"code\": \"print(2)\"}", "body",
                        "body: must be one JSON object with nothing after it"}};
        for (String[] c : cases) {
            given().contentType(ContentType.JSON).body(c[0]).post("/api/v1/executions")
                    .then().statusCode(400).body("field", equalTo(c[1])).body("message", equalTo(c[2]));
        }
        given().contentType(ContentType.JSON).body("{\"code\": \"" + code + "\"").post("/api/v1/executions")
                .then().statusCode(400).body("field", equalTo("body"))
                .body("message", org.hamcrest.Matchers.startsWith("body: is not valid JSON for this endpoint ("));
        given().contentType(ContentType.TEXT).body("{\"code\": \"" + code + "\"}").post("/api/v1/executions")
                .then().statusCode(415).body("field", equalTo("body")).body("message", org.hamcrest.Matchers
                        .startsWith("body: must be a JSON object sent with Content-Type: application/json, "
                                + "not text/plain"));
        given().get("/api/v1/workspace/files/" + file).then().statusCode(404);

        given().contentType(ContentType.JSON).body("{\"code\": \"print(5)\", \"timeout_s\": 5.0}")
                .post("/api/v1/executions").then().statusCode(200).body("stdout", equalTo("5\n"));
    }

    /** A query parameter that is not a number is refused naming it; JAX-RS answered an empty 404. */
    @Test
    void aQueryParameterOfTheWrongKindIsRefusedNamingIt() {
        given().get("/api/v1/skills?limit=abc").then().statusCode(400).body("field", equalTo("limit"))
                .body("message", equalTo("limit: must be an integer, was 'abc'"));
        given().get("/api/v1/skills/anything?version=99999999999").then().statusCode(400)
                .body("message", equalTo("version: must be an integer from -2147483648 to 2147483647, was 99999999999"));
        given().get("/api/v1/executions/abc?wait_s=soon").then().statusCode(400).body("field", equalTo("wait_s"));
        given().get("/api/v1/workspace/files?recursive=yes").then().statusCode(400)
                .body("message", equalTo("recursive: must be true or false, was 'yes'"));
        given().get("/api/v1/tools?limit=2").then().statusCode(200);
    }

    /**
     * REST runs use the tenant's warm interpreters as MCP runs do: a run's module state reaches the next run (its
     * imports stay warm), its globals do not, and {@code fresh} asks for a throwaway interpreter; {@code fresh} with
     * a session is refused naming the field.
     */
    @Test
    void runsWithoutASessionAreWarmUnlessFresh() {
        String mark = given().contentType(ContentType.JSON).body(Map.of("code",
                        "import json, uuid\njson._rest_mark = str(uuid.uuid4())\nleft = 1\nprint(json._rest_mark)"))
                .post("/api/v1/executions").then().statusCode(200).extract().path("stdout");
        String show = "import json\nprint(getattr(json, '_rest_mark', None), 'left' in globals())";
        given().contentType(ContentType.JSON).body(Map.of("code", show))
                .post("/api/v1/executions").then().statusCode(200).body("stdout", equalTo(mark.strip() + " False\n"));
        given().contentType(ContentType.JSON).body(Map.of("code", show, "fresh", true))
                .post("/api/v1/executions").then().statusCode(200).body("stdout", equalTo("None False\n"));
        given().contentType(ContentType.JSON).body(Map.of("code", "pass", "fresh", true, "session", "new"))
                .post("/api/v1/executions").then().statusCode(400).body("field", equalTo("fresh"));
    }

    @Test
    void aSessionIsOpenedWithNewAndNamedByTheHandleReturned() {
        String session = given().contentType(ContentType.JSON).body(Map.of("code", "v = 'a'", "session", "new"))
                .post("/api/v1/executions").then().statusCode(200).extract().path("session");
        given().contentType(ContentType.JSON).header("X-Session-Id", "beta").body(Map.of("code", "print(v)", "session", session))
                .post("/api/v1/executions").then().statusCode(200).body("stdout", equalTo("a\n"))
                .body("session", equalTo(session));
        given().contentType(ContentType.JSON).body(Map.of("code", "print(v)", "session", "never-issued"))
                .post("/api/v1/executions").then().statusCode(404).body("field", equalTo("session"));
    }

    @Test
    void sanitizeOutputTokenizesPersonalData() {
        given().contentType(ContentType.JSON).body(Map.of("code", "print('mail carol@example.net')", "sanitize_output", true))
                .post("/api/v1/executions")
                .then().statusCode(200).body("stdout", not(containsString("carol@example.net")))
                .body("stdout", containsString("<EMAIL_ADDRESS_"));
        // Past the inline budget: no file keeps the raw text (the REST path spilled it, naming it in stdout_file).
        given().contentType(ContentType.JSON).body(Map.of("code", "print('mail dave@example.net ' * 2000)",
                        "sanitize_output", true))
                .post("/api/v1/executions")
                .then().statusCode(200).body("truncated", equalTo(true)).body("stdout_file", nullValue())
                .body("stdout", not(containsString("dave@"))).body("stdout", containsString("<EMAIL_ADDRESS_"));
    }

    @TestHTTPResource("/api/v1/executions")
    URI executions;

    private static String startBackground(String caller, String code) {
        return given().contentType(ContentType.JSON).header("X-Session-Id", caller)
                .body(Map.of("code", code, "background", true))
                .post("/api/v1/executions")
                .then().statusCode(202).extract().path("execution_id");
    }

    @Test
    void aRunOfAnotherServerIsReportedAsSuchNotAsMissing() {
        String replica = given().get("/api/v1/stats").then().statusCode(200).extract().path("replica");
        String id = startBackground("zeta", "print('here')");
        assertTrue(id.startsWith(replica + "."), id + " does not name " + replica);
        // Another replica's id (or this replica's before a restart): the run is gone with that server's memory.
        String foreign = "web-2-0a0b0c." + id.substring(id.lastIndexOf('.') + 1);
        given().header("X-Session-Id", "zeta").get("/api/v1/executions/" + foreign)
                .then().statusCode(404).body("field", equalTo("execution_id"))
                .body("message", containsString("was started by server web-2-0a0b0c, not this one (" + replica + ")"));
        given().header("X-Session-Id", "zeta").get("/api/v1/executions/" + replica + "." + "0".repeat(32))
                .then().statusCode(404).body("message", containsString("no such execution for this tenant"));
    }

    @Test
    void backgroundRunsCanBeReadPagedAndCancelledByAnyCallerOfTheTenant() {
        String id = startBackground("gamma", "print('a' * 10)");
        String status = "";
        int read = 0;
        while (!status.equals("finished")) {
            var page = given().header("X-Session-Id", "gamma").queryParam("wait_s", 10)
                    .queryParam("stdout_offset", read).get("/api/v1/executions/" + id)
                    .then().statusCode(200).extract().jsonPath();
            status = page.getString("status");
            read = page.getInt("next_stdout_offset");
        }
        given().header("X-Session-Id", "gamma").queryParam("stdout_offset", 4).queryParam("max_bytes", 4)
                .get("/api/v1/executions/" + id)
                .then().statusCode(200).body("stdout", equalTo("aaaa")).body("next_stdout_offset", equalTo(8))
                .body("has_more", equalTo(true)).body("exit_code", equalTo(0));
        // A run belongs to its tenant: another caller of it reads it too (other tenants: TenantIsolationTest).
        given().header("X-Session-Id", "delta").get("/api/v1/executions/" + id)
                .then().statusCode(200).body("exit_code", equalTo(0));
        given().header("X-Session-Id", "delta").delete("/api/v1/executions/" + id)
                .then().statusCode(200).body("status", equalTo("finished")).body("cancelled", equalTo(false));
    }

    @Test
    void waitSGivesTheResultOfARunThatEndsInTime() {
        given().contentType(ContentType.JSON).body(Map.of("code", "print('quick')", "wait_s", 60))
                .post("/api/v1/executions")
                .then().statusCode(200).body("stdout", equalTo("quick\n")).body("exit_code", equalTo(0));
    }

    @Test
    void eventsDeliverEveryChunkInOrderAndThenTheResult() throws IOException, InterruptedException {
        String gate = "gate-" + UUID.randomUUID() + ".txt";
        // Three pieces of output apart in time, the last only after the test opens the gate.
        String id = startBackground("epsilon", "import os, time, sys\nprint('one', flush=True)\ntime.sleep(0.3)\n"
                + "print('two é', flush=True)\nprint('warn', file=sys.stderr, flush=True)\n"
                + "while not os.path.exists('" + gate + "'):\n    time.sleep(0.02)\nprint('three')\nsys.exit(2)");
        HttpRequest request = HttpRequest.newBuilder(executions.resolve("executions/" + id + "/events"))
                .header("X-Session-Id", "epsilon").header("Accept", "text/event-stream").build();
        HttpResponse<Stream<String>> response = HttpClient.newHttpClient().send(request,
                HttpResponse.BodyHandlers.ofLines());
        assertEquals(200, response.statusCode());
        // The JDK's client upgrades to HTTP/2 (h2c), where a stream once failed empty: see ExecutionEvents.
        assertEquals(HttpClient.Version.HTTP_2, response.version());
        StringBuilder stdout = new StringBuilder();
        StringBuilder stderr = new StringBuilder();
        List<String> names = new ArrayList<>();
        JsonObject result = null;
        String event = null;
        Iterator<String> lines = response.body().iterator();
        while (lines.hasNext()) {
            String line = lines.next();
            if (line.startsWith("event:")) {
                event = line.substring(6).strip();
                names.add(event);
            } else if (line.startsWith("data:")) {
                JsonObject data = new JsonObject(line.substring(5).strip());
                if ("output".equals(event)) {
                    StringBuilder stream = data.getString("stream").equals("stdout") ? stdout : stderr;
                    assertEquals(stream.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length,
                            data.getLong("offset"), "chunks arrive in order, without gaps");
                    stream.append(data.getString("text"));
                    if (stream == stdout && stdout.toString().endsWith("two é\n")) {
                        Files.writeString(Path.of("target/test-workspace").resolve(gate), "go");
                    }
                } else if ("result".equals(event)) {
                    result = data;
                }
            }
        }
        assertEquals("one\ntwo é\nthree\n", stdout.toString());
        assertEquals("warn\n", stderr.toString());
        assertEquals("status", names.getFirst(), "the status comes first: " + names);
        assertEquals("result", names.getLast(), "the result comes last: " + names);
        assertTrue(result != null && result.getInteger("exit_code") == 2, String.valueOf(result));
        assertEquals("finished", result.getString("status"));
    }
}
