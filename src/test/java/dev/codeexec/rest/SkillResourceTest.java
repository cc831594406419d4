package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The REST mirror of the skill tools: status codes, bodies, and refusals that write nothing. */
@QuarkusTest
class SkillResourceTest {

    static String unique(String prefix) {
        return prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    static Map<String, Object> body(String name, String code) {
        Map<String, Object> b = new HashMap<>();
        b.put("name", name);
        b.put("description", "Doubles every number in a list.");
        b.put("code", code);
        b.put("tags", List.of("numbers"));
        return b;
    }

    static void save(Map<String, Object> body, int status) {
        given().contentType(ContentType.JSON).body(body).post("/api/v1/skills").then().statusCode(status);
    }

    @Test
    void saveGetListAndDelete() {
        String name = unique("doubler");
        given().contentType(ContentType.JSON).body(body(name, "def double(xs):\n    return [2 * x for x in xs]\n"))
                .post("/api/v1/skills").then().statusCode(201)
                .header("Location", endsWithPath("/api/v1/skills/" + name + "?version=1"))
                .body("version", equalTo(1)).body("name", equalTo(name));
        save(body(name, "def double(xs):\n    return [x * 2 for x in xs]\n"), 201);
        given().get("/api/v1/skills/" + name).then().statusCode(200)
                .body("version", equalTo(2)).body("code", containsString("x * 2")).body("saved_by", equalTo("local/rest"));
        given().queryParam("version", 1).get("/api/v1/skills/" + name).then().statusCode(200)
                .body("code", containsString("2 * x")).body("newest_version", equalTo(2));
        given().queryParam("query", name).get("/api/v1/skills").then().statusCode(200)
                .body("skills[0].name", equalTo(name)).body("skills[0].newest_version", equalTo(2));
        given().queryParam("tag", "numbers").queryParam("limit", 100).get("/api/v1/skills").then().statusCode(200)
                .body("skills.name", hasItem(name));
        given().delete("/api/v1/skills/" + name).then().statusCode(200).body("versions_deleted", equalTo(2));
        given().get("/api/v1/skills/" + name).then().statusCode(404).body("error", equalTo("not_found"));
        given().delete("/api/v1/skills/" + name).then().statusCode(404);
    }

    private static org.hamcrest.Matcher<String> endsWithPath(String path) {
        return org.hamcrest.Matchers.endsWith(path);
    }

    @Test
    void badInputGetsFourHundredsAndWritesNothing() {
        String name = unique("refused");
        Map<String, Object> shortDescription = body(name, "V = 1");
        shortDescription.put("description", "Doubles.");
        given().contentType(ContentType.JSON).body(body("9" + name, "V = 1")).post("/api/v1/skills").then()
                .statusCode(400).body("field", equalTo("name"));
        given().contentType(ContentType.JSON).body(shortDescription).post("/api/v1/skills").then()
                .statusCode(400).body("field", equalTo("description"));
        given().contentType(ContentType.JSON).body(body(name, "def f(:\n")).post("/api/v1/skills").then()
                .statusCode(400).body("message", startsWith("code: syntax error at line 1"));
        given().contentType(ContentType.JSON).body(body(name, "#" + "x".repeat(256 * 1024))).post("/api/v1/skills")
                .then().statusCode(413).body("field", equalTo("code"));
        given().contentType(ContentType.JSON).body("{").post("/api/v1/skills").then().statusCode(400);
        given().contentType(ContentType.JSON).post("/api/v1/skills").then().statusCode(400);
        given().queryParam("limit", 0).get("/api/v1/skills").then().statusCode(400).body("field", equalTo("limit"));
        given().queryParam("version", 0).get("/api/v1/skills/" + name).then().statusCode(400);
        given().get("/api/v1/skills/" + name).then().statusCode(404)
                .body("message", containsString("no skill named"));
    }

    @Test
    void exportWritesTheNewestVersionOfEverySkill() {
        String name = unique("exported");
        save(body(name, "V = 1\n"), 201);
        given().post("/api/v1/skills/export").then().statusCode(200)
                .body("skills", hasItem(name)).body("directory", containsString("skills-export"));
    }
}
