package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The workspace REST API: the same service as the tools, errors as status codes naming the field. */
@QuarkusTest
class WorkspaceResourceTest {

    static final String FILES = "/api/v1/workspace/files/";
    String dir;

    @BeforeEach
    void name() {
        dir = "rest-" + UUID.randomUUID();
    }

    @Test
    void putGetListDelete() {
        given().contentType(ContentType.JSON).body(Map.of("content", "hello")).put(FILES + dir + "/a.txt")
                .then().statusCode(200).body("path", equalTo(dir + "/a.txt")).body("bytes", equalTo(5));
        given().contentType(ContentType.JSON).body(Map.of("content", " world", "mode", "append"))
                .put(FILES + dir + "/a.txt").then().statusCode(200).body("bytes", equalTo(11));
        given().get(FILES + dir + "/a.txt").then().statusCode(200).body("content", equalTo("hello world"))
                .body("total_bytes", equalTo(11)).body("eof", equalTo(true));
        given().queryParam("offset", 6).queryParam("length", 3).get(FILES + dir + "/a.txt").then().statusCode(200)
                .body("content", equalTo("wor")).body("bytes_returned", equalTo(3));
        given().queryParam("path", dir).get(FILES).then().statusCode(200).body("total", equalTo(1))
                .body("entries[0].path", equalTo(dir + "/a.txt"));
        given().delete(FILES + dir + "/a.txt").then().statusCode(200).body("deleted", equalTo(true));
        given().delete(FILES + dir).then().statusCode(200).body("type", equalTo("dir"));
    }

    @Test
    void restTakesTheToolsPathRules() {
        given().contentType(ContentType.JSON).body(Map.of("content", "x")).put(FILES + dir + "/a.txt")
                .then().statusCode(200);
        given().contentType(ContentType.JSON).body(Map.of("content", "x")).put(FILES + dir + "/a.txt/child")
                .then().statusCode(409).body("field", equalTo("path"))
                .body("message", containsString("cannot be under '" + dir + "/a.txt', which is a file"));
        given().urlEncodingEnabled(false).contentType(ContentType.JSON).body(Map.of("content", "x"))
                .put(FILES + dir + "%5Cwin.txt")
                .then().statusCode(400).body("field", equalTo("path"))
                .body("message", containsString("contains a backslash"));
        given().urlEncodingEnabled(false).contentType(ContentType.JSON).body(Map.of("content", "x"))
                .put(FILES + dir + "/sub/")
                .then().statusCode(400).body("field", equalTo("path"))
                .body("message", containsString("ends with /, which names a directory"));
    }

    @Test
    void errorsHaveStatusCodesAndNameTheField() {
        given().get(FILES + dir + "/missing.txt").then().statusCode(404).body("field", equalTo("path"));
        given().delete(FILES + dir + "/missing.txt").then().statusCode(404);
        given().contentType(ContentType.JSON).body(Map.of("content", "x", "mode", "create")).put(FILES + dir + "/c")
                .then().statusCode(200);
        given().contentType(ContentType.JSON).body(Map.of("content", "x", "mode", "create")).put(FILES + dir + "/c")
                .then().statusCode(409).body("field", equalTo("path"));
        given().contentType(ContentType.JSON).body(Map.of("content", "x", "encoding", "rot13")).put(FILES + dir + "/c")
                .then().statusCode(400).body("field", equalTo("encoding"));
        given().contentType(ContentType.JSON).body(Map.of("mode", "overwrite")).put(FILES + dir + "/c")
                .then().statusCode(400).body("field", equalTo("content"));
        given().contentType(ContentType.JSON).body("{not json").put(FILES + dir + "/c").then().statusCode(400);
        given().contentType(ContentType.JSON).body(Map.of("content", "x".repeat(1_048_577))).put(FILES + dir + "/big")
                .then().statusCode(413).body("message", containsString("workspace.max-file-bytes"));
        given().queryParam("length", 5_000_000).get(FILES + dir + "/c").then().statusCode(400)
                .body("field", equalTo("length"));
        given().queryParam("limit", 0).get(FILES).then().statusCode(400).body("field", equalTo("limit"));
        given().delete(FILES + dir).then().statusCode(409);
    }

    @Test
    void pathAttacksThroughTheUrlAreRefused() throws Exception {
        Path outside = Files.createTempFile("codeexec-rest-outside", ".txt");
        Files.writeString(outside, "host secret");
        Path link = Path.of("target/test-workspace", dir + "-link");
        Files.createSymbolicLink(link, outside.toAbsolutePath());
        try {
            given().urlEncodingEnabled(false).get(FILES + "..%2F..%2Fpom.xml").then().statusCode(400)
                    .body("field", equalTo("path"));
            given().urlEncodingEnabled(false).get(FILES + "%2Fetc%2Fpasswd").then().statusCode(400)
                    .body("message", containsString("absolute"));
            given().urlEncodingEnabled(false).get(FILES + "a%00b").then().statusCode(400);
            given().get(FILES + dir + "-link").then().statusCode(400).body("message", startsWith("path: "));
            given().get(FILES + "n".repeat(300)).then().statusCode(400);
            given().contentType(ContentType.JSON).body(Map.of("content", "pwned")).put(FILES + dir + "-link")
                    .then().statusCode(400);
            given().urlEncodingEnabled(false).contentType(ContentType.JSON).body(Map.of("content", "pwned"))
                    .put(FILES + "..%2Fescaped.txt").then().statusCode(400);
            given().queryParam("path", "../..").get(FILES).then().statusCode(400).body("field", equalTo("path"));
            given().urlEncodingEnabled(false).delete(FILES + "..%2F..%2Fpom.xml").then().statusCode(400);
            assertEquals("host secret", Files.readString(outside));
            assertEquals(false, Files.exists(Path.of("target/escaped.txt")));
        } finally {
            Files.delete(link);
            Files.delete(outside);
        }
    }
}
