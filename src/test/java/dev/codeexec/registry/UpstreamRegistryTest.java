package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.mcp.JsonSchemas;
import dev.codeexec.mcp.McpCalls;
import dev.codeexec.mcp.OutputSchemaContract;
import dev.codeexec.tenant.Tenants;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A real upstream MCP server (@modelcontextprotocol/server-memory from .ci/upstream, installed by
 * {@code npm ci --prefix .ci/upstream}) imported as category "kg", and a misconfigured one that must be
 * reported and fail fast. Both are configured for every test boot (the %test entries of
 * application.properties), so this class shares the default boot instead of restarting the application.
 */
@QuarkusTest
class UpstreamRegistryTest {

    @Inject
    JsonSchemas schemas;

    @Inject
    RegistryService registry;

    McpCalls mcp;

    @BeforeEach
    void awaitUpstreamImport() {
        mcp = new McpCalls();
        // Each test asserts what it needs of the import; this only waits for it to be done, whichever way.
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(30)).ignoreExceptions()
                .until(this::settled);
    }

    private boolean settled() {
        List<UpstreamStatus> s = registry.stats().upstream();
        return s.stream().noneMatch(u -> u.state().equals("idle") || u.state().equals("connecting"))
                && s.stream().anyMatch(u -> u.server().equals("kg") && u.tools() > 0);
    }

    private UpstreamStatus status(String server) {
        return registry.stats().upstream().stream().filter(u -> u.server().equals(server)).findFirst().orElseThrow();
    }

    @Test
    void upstreamToolsAreSearchableUnderTheServerCategory() {
        assertEquals("connected", status("kg").state());
        ToolResponse r = mcp.call("search_tools", Map.of("query", "create entities in the knowledge graph",
                "category", "kg", "limit", 3, "detail", "full"));
        assertFalse(r.isError(), McpCalls.text(r));
        JsonObject first = JsonObject.mapFrom(r.structuredContent()).getJsonArray("tools").getJsonObject(0);
        assertEquals("create_entities", first.getString("name"));
        assertEquals("kg", first.getString("category"));
        ToolResponse def = mcp.call("get_tool_definition", Map.of("name", "read_graph"));
        assertFalse(def.isError(), McpCalls.text(def));
        JsonObject view = JsonObject.mapFrom(def.structuredContent());
        assertEquals("upstream", view.getJsonObject("definition").getString("origin"));
        // An upstream definition (a server, no examples, maybe no output schema) keeps the result's schema too.
        OutputSchemaContract.assertMatches("get_tool_definition of an upstream tool",
                schemas.of(ToolDefinitionView.class), view.getMap());
        OutputSchemaContract.assertMatches("search_tools in an upstream category",
                schemas.of(ToolSearchResult.class), JsonObject.mapFrom(r.structuredContent()).getMap());
    }

    @Test
    @SuppressWarnings("unchecked")
    void upstreamToolsAreCallableThroughTheRegistry() {
        String entity = "entity-" + System.nanoTime();
        registry.callUpstream(Tenants.LOCAL, "create_entities", Map.of("entities", List.of(Map.of("name", entity,
                "entityType", "test", "observations", List.of("created by a test")))));
        Object graph = registry.callUpstream(Tenants.LOCAL, "read_graph", Map.of()).value();
        assertTrue(graph instanceof Map, "structured result: " + graph);
        List<Map<String, Object>> entities = (List<Map<String, Object>>) ((Map<String, Object>) graph).get("entities");
        assertTrue(entities.stream().anyMatch(e -> entity.equals(e.get("name"))), String.valueOf(graph));
    }

    /**
     * Each tenant calls the server over a process of its own, its settings' {tenant} its name (the test profile keeps
     * the memory server's graph in a file per tenant): one tenant's entities are not another's (mutation-checked: over
     * the one connection, beta read alpha's entity).
     */
    @Test
    @SuppressWarnings("unchecked")
    void eachTenantCallsTheServerOverItsOwnProcess() {
        String entity = "deal-" + System.nanoTime();
        registry.callUpstream("alpha", "create_entities", Map.of("entities", List.of(Map.of("name", entity,
                "entityType", "deal", "observations", List.of("price 9M")))));
        for (String tenant : List.of("beta", Tenants.LOCAL, "alpha")) {
            Map<String, Object> graph = (Map<String, Object>) registry.callUpstream(tenant, "read_graph", Map.of())
                    .value();
            boolean seen = ((List<Map<String, Object>>) graph.get("entities")).stream()
                    .anyMatch(e -> entity.equals(e.get("name")));
            assertEquals("alpha".equals(tenant), seen, tenant + " read " + graph);
        }
    }

    @Test
    void sandboxedCodeCallsUpstreamToolsWithPiiTokensRestored() {
        String email = "alice." + System.nanoTime() + "@example.com";
        McpCalls.Exec r = mcp.exec(Map.of("timeout_s", 60, "code", """
                import pii, tools
                token = pii.sanitize('%s')
                print(token)
                tools.call('create_entities', entities=[{'name': token, 'entityType': 'person', 'observations': ['x']}])
                graph = tools.kg.read_graph()
                print(any(e['name'] == '%s' for e in graph['entities']))
                """.formatted(email, email)));
        assertEquals(0, r.exitCode(), r.stderr());
        String[] lines = r.stdout().split("\n");
        assertTrue(lines[0].startsWith("<EMAIL_ADDRESS_"), "the guest saw a token, not the value: " + lines[0]);
        assertEquals("True", lines[1], "the upstream tool received the real value");
    }

    @Test
    void upstreamRefusalIsAReadableErrorAndTheServerStaysUp() {
        UpstreamCallException e = assertThrows(UpstreamCallException.class,
                () -> registry.callUpstream(Tenants.LOCAL, "create_entities", Map.of("entities", "not a list")));
        assertTrue(e.getMessage().contains("create_entities") || e.getMessage().contains("kg"), e.getMessage());
        assertEquals(UpstreamCallException.Failure.TOOL_FAILED, e.failure(), "the server answered: not worth a retry");
        assertEquals("connected", status("kg").state());
    }

    @Test
    void misconfiguredServerIsReportedAndCallsFailFast() {
        UpstreamStatus broken = status("broken");
        assertEquals("failed", broken.state());
        assertNotNull(broken.lastError());
        assertTrue(broken.lastError().contains("not an executable"), broken.lastError());
        assertEquals(0, broken.tools());
        // This class may run long after the boot's first attempt: a refresh now retries it if that is due, and
        // sets a retry time (the test profile's retry-after, 10 min) that a second refresh must leave alone.
        registry.refreshUpstream();
        java.time.Instant retryAt = status("broken").retryAt();
        assertNotNull(retryAt, "a failed server says when it may be retried");
        assertTrue(retryAt.isAfter(java.time.Instant.now()), "retry_at is in the future: " + retryAt);
        registry.refreshUpstream();
        assertEquals(retryAt, status("broken").retryAt(), "a failed server is not retried before retry-after");
        assertEquals("failed", status("broken").state());
        assertEquals("connected", status("kg").state());
        // Its tools were never imported, so a call names the missing tool instead of hanging.
        dev.codeexec.InvalidInputException e = assertThrows(dev.codeexec.InvalidInputException.class,
                () -> registry.callUpstream(Tenants.LOCAL, "anything_from_broken", Map.of()));
        assertEquals(dev.codeexec.InvalidInputException.Kind.NOT_FOUND, e.kind());
    }
}
