package dev.codeexec.rest;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.mcp.McpCalls;
import dev.codeexec.mcp.SandboxWarm;
import dev.codeexec.workspace.WorkspaceRoots;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkiverse.mcp.server.test.McpAssured;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.vertx.core.MultiMap;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Two tenants on one server, each with its token, over MCP and REST: neither sees the other's files, skills,
 * sessions or PII vaults, nor can use the other's MCP session id.
 */
@QuarkusTest
@TestProfile(TokenProfile.class)
class TenantIsolationTest {

    @Inject
    WorkspaceRoots roots;

    private static McpCalls mcp(String token) {
        return new McpCalls(McpAssured.newStreamableClient()
                .setAdditionalHeaders(message -> MultiMap.caseInsensitiveMultiMap().add("Authorization", "Bearer " + token))
                .build().connect());
    }

    private static String text(ToolResponse r) {
        return McpCalls.text(r);
    }

    @Test
    void filesOfOneTenantAreInvisibleToAnother() {
        SandboxWarm.awaitReady();
        McpCalls acme = mcp(TokenProfile.ACME);
        McpCalls globex = mcp(TokenProfile.GLOBEX);
        String name = "secret-" + UUID.randomUUID() + ".txt";
        assertFalse(acme.call("write_workspace_file", Map.of("path", name, "content", "acme only")).isError());

        assertTrue(text(acme.call("list_workspace_files", Map.of())).contains(name));
        assertFalse(text(globex.call("list_workspace_files", Map.of())).contains(name));
        ToolResponse read = globex.call("read_workspace_file", Map.of("path", name));
        assertTrue(read.isError() && text(read).contains("does not exist"), text(read));

        assertEquals("acme only\n", acme.exec("print(open('" + name + "').read())").stdout());
        McpCalls.Exec relative = globex.exec("open('" + name + "')");
        assertTrue(relative.stderr().contains("FileNotFoundError"), relative.stderr());
        String acmePath = roots.root("acme").path().resolve(name).toString();
        McpCalls.Exec absolute = globex.exec("open('" + acmePath + "')");
        assertTrue(absolute.stderr().contains("PermissionError") || absolute.stderr().contains("Operation not permitted"),
                absolute.stderr());

        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).get("/api/v1/workspace/files/" + name)
                .then().statusCode(404);
        given().header("Authorization", "Bearer " + TokenProfile.ACME).get("/api/v1/workspace/files/" + name)
                .then().statusCode(200).body("content", equalTo("acme only"));
    }

    /**
     * Warm interpreters are the tenant's: another connection of the tenant finds module state a run left in one (its
     * imports stay warm), another tenant never does.
     */
    @Test
    void moduleStateLeftInAWarmInterpreterStaysWithinItsTenant() {
        SandboxWarm.awaitReady();
        String show = "import json\nprint(getattr(json, '_tenant_mark', None))";
        String mark = mcp(TokenProfile.ACME).exec("import json, uuid\njson._tenant_mark = str(uuid.uuid4())\n"
                + "print(json._tenant_mark)").stdout();
        assertEquals("None\n", mcp(TokenProfile.GLOBEX).exec(show).stdout());
        assertEquals(mark, mcp(TokenProfile.ACME).exec(show).stdout(), "another connection of the tenant");
    }

    @Test
    void spilledOutputOfOneTenantIsAResourceOnlyItCanRead() {
        SandboxWarm.awaitReady();
        McpCalls acme = mcp(TokenProfile.ACME);
        McpCalls globex = mcp(TokenProfile.GLOBEX);
        ToolResponse spilled = acme.call("execute_code", Map.of("code", "print('acme ' * 10000)"));
        String uri = spilled.content().stream().filter(c -> c instanceof io.quarkiverse.mcp.server.ResourceLink)
                .map(c -> ((io.quarkiverse.mcp.server.ResourceLink) c).uri()).findFirst().orElseThrow();
        java.util.concurrent.atomic.AtomicReference<String> own = new java.util.concurrent.atomic.AtomicReference<>();
        acme.client().when().resourcesRead(uri, r -> own.set(r.firstContents().asText().text())).thenAssertResults();
        assertEquals("acme ".repeat(10000) + "\n", own.get());
        java.util.concurrent.atomic.AtomicReference<String> refused = new java.util.concurrent.atomic.AtomicReference<>();
        globex.client().when().resourcesRead(uri).withErrorAssert(e -> refused.set(e.code() + " " + e.message())).send()
                .thenAssertResults();
        assertTrue(refused.get().startsWith("-32002") && refused.get().contains("does not exist"), refused.get());
    }

    @Test
    void skillsOfOneTenantAreInvisibleToAnotherAndStartersAreReadOnly() {
        SandboxWarm.awaitReady();
        McpCalls acme = mcp(TokenProfile.ACME);
        McpCalls globex = mcp(TokenProfile.GLOBEX);
        String skill = "acme_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        ToolResponse saved = acme.call("save_skill", Map.of("name", skill, "description", "Acme's own helper.",
                "code", "def hello():\n    return 'acme'\n"));
        assertFalse(saved.isError(), text(saved));

        assertEquals("acme\n", acme.exec("from skills import " + skill + "\nprint(" + skill + ".hello())").stdout());
        assertFalse(text(globex.call("list_skills", Map.of("limit", 100))).contains(skill));
        ToolResponse load = globex.call("load_skill", Map.of("name", skill));
        assertTrue(load.isError() && text(load).contains("no skill named '" + skill + "'"), text(load));
        McpCalls.Exec imported = globex.exec("from skills import " + skill);
        assertTrue(imported.stderr().contains("no skill named '" + skill + "'"), imported.stderr());
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).get("/api/v1/skills/" + skill)
                .then().statusCode(404);

        assertFalse(globex.call("load_skill", Map.of("name", "csv_records")).isError(), "starters are shared");
        ToolResponse hijack = globex.call("save_skill", Map.of("name", "csv_records", "description", "Replaces the CSV reader with mine.",
                "code", "X = 1\n"));
        assertTrue(hijack.isError() && text(hijack).contains("is a starter skill, read-only to tenants"), text(hijack));
        given().header("Authorization", "Bearer " + TokenProfile.ACME).delete("/api/v1/skills/csv_records")
                .then().statusCode(403).body("message", containsString("read-only to tenants"));
    }

    @Test
    void restSessionsAndVaultsStayWithinTheirTenant() {
        SandboxWarm.awaitReady();
        String sessionId = "shared-" + UUID.randomUUID();
        String session = given().header("Authorization", "Bearer " + TokenProfile.ACME).header("X-Session-Id", sessionId)
                .contentType(ContentType.JSON).body(Map.of("code", "x = 42", "session", "new"))
                .post("/api/v1/executions").then().statusCode(200).body("exit_code", equalTo(0)).extract().path("session");
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("X-Session-Id", sessionId)
                .contentType(ContentType.JSON).body(Map.of("code", "print(x)", "session", session))
                .post("/api/v1/executions").then().statusCode(200).body("stdout", equalTo("42\n"));
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).header("X-Session-Id", sessionId)
                .contentType(ContentType.JSON).body(Map.of("code", "print(x)", "session", session))
                .post("/api/v1/executions").then().statusCode(404).body("field", equalTo("session"));

        String token = given().header("Authorization", "Bearer " + TokenProfile.ACME).header("X-Session-Id", sessionId)
                .contentType(ContentType.JSON).body(Map.of("text", "mail ceo@acme.example"))
                .post("/api/v1/pii/sanitize").then().statusCode(200).extract().path("entities[0].token");
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).header("X-Session-Id", sessionId)
                .contentType(ContentType.JSON).body(Map.of("text", token))
                .post("/api/v1/pii/restore").then().statusCode(200).body("text", equalTo(token))
                .body("text", not(containsString("ceo@acme.example")))
                // Left as it was, and said so: this caller's vault never held it.
                .body("unknown", equalTo(java.util.List.of(token)));
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("X-Session-Id", sessionId)
                .contentType(ContentType.JSON).body(Map.of("text", token))
                .post("/api/v1/pii/restore").then().statusCode(200).body("text", equalTo("ceo@acme.example"))
                .body("unknown", equalTo(java.util.List.of()));
    }

    @Test
    void backgroundRunsBelongToTheirTenantEvenUnderTheSameSessionId() {
        SandboxWarm.awaitReady();
        String sessionId = "runs-" + UUID.randomUUID();
        String id = given().header("Authorization", "Bearer " + TokenProfile.ACME).header("X-Session-Id", sessionId)
                .contentType(ContentType.JSON).body(Map.of("code", "print('acme run')", "background", true))
                .post("/api/v1/executions").then().statusCode(202).extract().path("execution_id");
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).header("X-Session-Id", sessionId)
                .get("/api/v1/executions/" + id).then().statusCode(404).body("field", equalTo("execution_id"));
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).header("X-Session-Id", sessionId)
                .delete("/api/v1/executions/" + id).then().statusCode(404);
        // Long polls return early when output arrives: poll until the run has finished.
        io.restassured.path.json.JsonPath run = null;
        for (int poll = 0; poll < 20 && (run == null || !"finished".equals(run.getString("status"))); poll++) {
            run = given().header("Authorization", "Bearer " + TokenProfile.ACME).header("X-Session-Id", sessionId)
                    .queryParam("wait_s", 10).get("/api/v1/executions/" + id).then().statusCode(200)
                    .extract().jsonPath();
        }
        assertEquals("finished", run.getString("status"));
        assertEquals("acme run\n", run.getString("stdout"));
    }

    /** The refusal a never-issued handle of this replica's shape gets, to compare another tenant's with. */
    private static String unknownRefusal(String tool, Map<String, Object> args, String field, String handle) {
        Map<String, Object> withUnknown = new java.util.HashMap<>(args);
        withUnknown.put(field, handle.substring(0, handle.lastIndexOf('.') + 1) + "0".repeat(32));
        ToolResponse r = mcp(TokenProfile.GLOBEX).call(tool, withUnknown);
        assertTrue(r.isError(), text(r));
        return text(r);
    }

    /** Another tenant presenting {@code handle} gets a tool error naming the field, word for word an unknown one's. */
    private static void refusedAsUnknown(String tool, Map<String, Object> args, String field, String handle) {
        Map<String, Object> withHandle = new java.util.HashMap<>(args);
        withHandle.put(field, handle);
        ToolResponse theirs = mcp(TokenProfile.GLOBEX).call(tool, withHandle);
        assertTrue(theirs.isError(), tool + " accepted another tenant's " + field + ": " + text(theirs));
        assertTrue(text(theirs).startsWith(field + ": no such "), text(theirs));
        assertEquals(unknownRefusal(tool, args, field, handle), text(theirs));
    }

    private static io.vertx.core.json.JsonObject structured(ToolResponse r) {
        assertFalse(r.isError(), text(r));
        return io.vertx.core.json.JsonObject.mapFrom(r.structuredContent());
    }

    @Test
    void aSessionHandleWorksFromAnyConnectionOfItsTenantOnly() {
        SandboxWarm.awaitReady();
        String session = structured(mcp(TokenProfile.ACME).call("execute_code", Map.of("code", "x = 42",
                "session", "new"))).getString("session");
        refusedAsUnknown("execute_code", Map.of("code", "print(x)"), "session", session);
        refusedAsUnknown("reset_session", Map.of(), "session", session);
        assertEquals("42\n", mcp(TokenProfile.ACME).exec(Map.of("code", "print(x)", "session", session)).stdout());
    }

    /** A caller that lost its handle finds it in its tenant's stats, from a new connection; no other tenant sees it. */
    @Test
    void aTenantsSessionsAreListedInItsStatsOnly() {
        SandboxWarm.awaitReady();
        String session = structured(mcp(TokenProfile.ACME).call("execute_code", Map.of("code", "x = 1",
                "session", "new"))).getString("session");
        io.vertx.core.json.JsonArray acme = structured(mcp(TokenProfile.ACME).call("get_execution_stats", Map.of()))
                .getJsonArray("sessions");
        io.vertx.core.json.JsonObject listed = acme.stream().map(io.vertx.core.json.JsonObject.class::cast)
                .filter(o -> session.equals(o.getString("session"))).findFirst().orElseThrow(() ->
                        new AssertionError(session + " not listed in " + acme));
        assertFalse(listed.getBoolean("busy"));
        assertTrue(listed.getLong("expires_in_s") > 0, listed.encode());
        String globex = structured(mcp(TokenProfile.GLOBEX).call("get_execution_stats", Map.of())).encode();
        assertFalse(globex.contains(session), "another tenant's stats name the session: " + globex);
    }

    @Test
    void aBackgroundRunIsReadFromAnyConnectionOfItsTenantOnly() {
        SandboxWarm.awaitReady();
        String id = structured(mcp(TokenProfile.ACME).call("execute_code", Map.of("code", "print('acme run')",
                "background", true))).getString("execution_id");
        refusedAsUnknown("get_execution", Map.of(), "execution_id", id);
        refusedAsUnknown("cancel_execution", Map.of(), "execution_id", id);
        io.vertx.core.json.JsonObject run = null;
        for (int poll = 0; poll < 20 && (run == null || !"finished".equals(run.getString("status"))); poll++) {
            run = structured(mcp(TokenProfile.ACME).call("get_execution", Map.of("execution_id", id, "wait_s", 30)));
        }
        assertEquals("acme run\n", run.getString("stdout"));
    }

    @Test
    void aVaultHandleWorksFromAnyConnectionOfItsTenantOnly() {
        SandboxWarm.awaitReady();
        io.vertx.core.json.JsonObject sanitized = structured(mcp(TokenProfile.ACME).call("sanitize_pii",
                Map.of("text", "mail ceo@acme.example")));
        String vault = sanitized.getString("vault");
        String tokens = sanitized.getString("text");
        refusedAsUnknown("restore_pii", Map.of("text", tokens), "vault", vault);
        refusedAsUnknown("sanitize_pii", Map.of("text", "mail cfo@acme.example"), "vault", vault);
        refusedAsUnknown("execute_code", Map.of("code", "import pii\nprint(pii.restore('" + tokens + "'))"), "vault",
                vault);
        assertEquals("mail ceo@acme.example", structured(mcp(TokenProfile.ACME).call("restore_pii",
                Map.of("text", tokens, "vault", vault))).getString("text"));
        assertEquals("mail ceo@acme.example\n", mcp(TokenProfile.ACME).exec(Map.of("code",
                "import pii\nprint(pii.restore('" + tokens + "'))", "vault", vault)).stdout());
    }

    /**
     * Over REST a vault handle works under any X-Session-Id of its tenant, and another tenant presenting it gets,
     * word for word, the refusal a never-issued handle gets: 404 naming the field, so its existence does not leak.
     */
    @Test
    void aVaultHandleWorksOverRestForItsTenantOnly() {
        SandboxWarm.awaitReady();
        io.restassured.path.json.JsonPath sanitized = given().header("Authorization", "Bearer " + TokenProfile.ACME)
                .header("X-Session-Id", "acme-" + UUID.randomUUID()).contentType(ContentType.JSON)
                .body(Map.of("text", "mail ceo@acme.example")).post("/api/v1/pii/sanitize")
                .then().statusCode(200).extract().jsonPath();
        String vault = sanitized.getString("vault");
        String tokens = sanitized.getString("text");
        String neverIssued = vault.substring(0, vault.lastIndexOf('.') + 1) + "0".repeat(32);
        for (String[] call : new String[][] {{"/api/v1/pii/restore", "text", tokens},
                {"/api/v1/pii/sanitize", "text", "mail cfo@acme.example"},
                {"/api/v1/executions", "code", "import pii\nprint(pii.restore('" + tokens + "'))"}}) {
            String unknown = given().header("Authorization", "Bearer " + TokenProfile.GLOBEX)
                    .contentType(ContentType.JSON).body(Map.of(call[1], call[2], "vault", neverIssued)).post(call[0])
                    .then().statusCode(404).body("field", equalTo("vault")).extract().path("message");
            given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).header("X-Session-Id", "globex")
                    .contentType(ContentType.JSON).body(Map.of(call[1], call[2], "vault", vault)).post(call[0])
                    .then().statusCode(404).body("error", equalTo("not_found")).body("field", equalTo("vault"))
                    .body("message", equalTo(unknown))
                    .body("message", org.hamcrest.Matchers.startsWith("vault: no such vault for this tenant"));
        }
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("X-Session-Id", "acme-" + UUID.randomUUID())
                .contentType(ContentType.JSON).body(Map.of("text", tokens, "vault", vault)).post("/api/v1/pii/restore")
                .then().statusCode(200).body("text", equalTo("mail ceo@acme.example"));
    }

    @Test
    void aWarmInterpreterServesNewConnectionsOfItsTenantOnly() {
        SandboxWarm.awaitReady();
        // What a run leaves in a standard-library module stays within its warm interpreter.
        McpCalls.Exec marked = mcp(TokenProfile.ACME).exec("import json, uuid\njson._warm_mark = str(uuid.uuid4())\n"
                + "print(json._warm_mark)");
        assertEquals("", marked.stderr());
        String mark = marked.stdout();
        String show = "import json\nprint(getattr(json, '_warm_mark', 'another interpreter'))";
        assertEquals(mark, mcp(TokenProfile.ACME).exec(show).stdout());
        assertEquals("another interpreter\n", mcp(TokenProfile.GLOBEX).exec(show).stdout());
    }

    @Test
    void aToolsCallWithoutMcpSessionIdIsServedAsTheTokensTenant() {
        SandboxWarm.awaitReady();
        String name = "sessionless-" + UUID.randomUUID() + ".txt";
        String call = """
                {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"write_workspace_file",\
                "arguments":{"path":"%s","content":"acme, no session"}}}""".formatted(name);
        String body = given().header("Authorization", "Bearer " + TokenProfile.ACME).contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body(call).post("/mcp").then().statusCode(200)
                .extract().asString();
        assertTrue(body.contains("\"result\"") && !body.contains("\"isError\":true"), body);
        assertTrue(java.nio.file.Files.exists(roots.root("acme").path().resolve(name)), "not in acme's workspace");
        assertFalse(java.nio.file.Files.exists(roots.root("globex").path().resolve(name)));
        String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body(list).post("/mcp").then().statusCode(200)
                .body(containsString("execute_code"));
    }

    @Test
    void anMcpSessionIdWorksOnlyForTheTenantItWasIssuedTo() {
        String initialize = HttpAccessTest.INITIALIZE;
        String sessionId = given().header("Authorization", "Bearer " + TokenProfile.ACME).contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body(initialize).post("/mcp").then().statusCode(200)
                .extract().header("Mcp-Session-Id");
        String list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).header("Mcp-Session-Id", sessionId)
                .contentType(ContentType.JSON).accept("application/json, text/event-stream").body(list).post("/mcp")
                .then().statusCode(404).body("error", equalTo("session_not_found"));
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("Mcp-Session-Id", sessionId)
                .contentType(ContentType.JSON).accept("application/json, text/event-stream").body(list).post("/mcp")
                .then().statusCode(org.hamcrest.Matchers.not(404));
    }

    /** After DELETE the id is unknown, as streamable HTTP requires: the client knows to initialize again. */
    @Test
    void anMcpSessionIdEndedByDeleteIsUnknownFromThenOn() {
        String sessionId = given().header("Authorization", "Bearer " + TokenProfile.ACME).contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body(HttpAccessTest.INITIALIZE).post("/mcp")
                .then().statusCode(200).extract().header("Mcp-Session-Id");
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("Mcp-Session-Id", sessionId)
                .delete("/mcp").then().statusCode(org.hamcrest.Matchers.either(equalTo(200)).or(equalTo(204)));
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("Mcp-Session-Id", sessionId)
                .contentType(ContentType.JSON).accept("application/json, text/event-stream")
                .body("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}").post("/mcp")
                .then().statusCode(404).body("error", equalTo("session_not_found"));
    }

    /** JSON-RPC's answer to an empty batch, where the framework failed with a bare 500. */
    @Test
    void anEmptyBatchIsAnInvalidRequest() {
        given().header("Authorization", "Bearer " + TokenProfile.ACME).contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body("[ ]").post("/mcp")
                .then().statusCode(400).body("error.code", equalTo(-32600)).body("id", org.hamcrest.Matchers.nullValue());
    }

    /** Two tokens in one request are refused: which tenant it runs as must not depend on the header read first. */
    @Test
    void aRequestCarryingTwoTenantsTokensIsRefused() {
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("X-MCP-AUTH", TokenProfile.GLOBEX)
                .get("/api/v1/workspace/files").then().statusCode(400).body("error", equalTo("conflicting_tokens"));
        given().header("Authorization", "Bearer " + TokenProfile.GLOBEX).header("Authorization", "Bearer " + TokenProfile.ACME)
                .contentType(ContentType.JSON).accept("application/json, text/event-stream")
                .body(HttpAccessTest.INITIALIZE).post("/mcp")
                .then().statusCode(400).body("error", equalTo("conflicting_tokens"));
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("X-MCP-AUTH", TokenProfile.ACME)
                .get("/api/v1/workspace/files").then().statusCode(200);
    }

    @Test
    void aForeignHostIsRefusedWithOrWithoutAnOrigin() {
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("Host", "rebind.attacker.example")
                .get("/api/v1/workspace/files").then().statusCode(421).body("error", equalTo("misdirected_host"));
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("Host", "rebind.attacker.example:8080")
                .header("Origin", "http://localhost").get("/api/v1/stats").then().statusCode(421);
        given().header("Authorization", "Bearer " + TokenProfile.ACME).header("Host", "127.0.0.1:9")
                .get("/api/v1/stats").then().statusCode(200);
        given().header("Host", "rebind.attacker.example").get("/q/health/live").then().statusCode(200);
    }

    /**
     * Another tenant's memory bomb kills only that tenant's worker: a session of this tenant, held by a worker of
     * its own, goes on. Mutation-checked: letting any idle worker serve any tenant (WorkerPlacement.dispatch without
     * its tenant filter) puts the bomb on the session's worker, and the session comes back restarted.
     */
    @Test
    void anotherTenantsMemoryBombLeavesASessionIntact() {
        SandboxWarm.awaitReady();
        McpCalls acme = mcp(TokenProfile.ACME);
        McpCalls globex = mcp(TokenProfile.GLOBEX);
        String survivor = structured(acme.call("execute_code", Map.of("code", "kept = 41", "session", "new")))
                .getString("session");
        assertTrue(survivor != null, "no session handle");

        McpCalls.Exec bomb = globex.exec("hoard = []\nwhile True:\n    hoard.append(bytearray(1 << 24))", 60);
        assertTrue(bomb.stderr().contains("MemoryError"), bomb.stderr());

        McpCalls.Exec after = acme.exec(Map.of("code", "print(kept + 1)", "session", survivor));
        assertEquals("42\n", after.stdout(), after.stderr());
        assertFalse(after.stderr().contains("restarted"), after.stderr());
    }
}
