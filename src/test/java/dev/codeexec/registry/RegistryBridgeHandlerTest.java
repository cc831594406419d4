package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.BridgeCaller;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The "tools" bridge service called directly, over the repository's registry/ examples. */
class RegistryBridgeHandlerTest {

    final RegistryService registry = new RegistryService(RegistrySettings.local(Path.of("registry"), false));
    final RegistryBridge bridge = new RegistryBridge(registry,
            new dev.codeexec.pii.TokenRestorer(dev.codeexec.pii.PiiService.forBenchmark(java.util.List.of())));
    final BridgeCaller caller = new BridgeCaller("local/test");

    @AfterEach
    void close() {
        registry.close();
    }

    @Test
    void searchDefinitionAndSourceAnswerForARegistryTool() {
        ToolSearchResult found = (ToolSearchResult) bridge.handle("search", Map.of("query", "join records on a key",
                "limit", 3), caller);
        assertEquals("table_join", found.tools().getFirst().name());
        ToolDefinitionView view = (ToolDefinitionView) bridge.handle("definition", Map.of("name", "table_join"), caller);
        assertEquals("registry", view.definition().origin());
        Map<?, ?> source = (Map<?, ?>) bridge.handle("source", Map.of("name", "table_join"), caller);
        assertTrue(source.get("source").toString().contains("def run(left, right, on, how=\"inner\")"));
    }

    @Test
    void badArgumentsAndMethodsAreRefusedNamingTheField() {
        assertEquals("limit", assertThrows(InvalidInputException.class,
                () -> bridge.handle("search", Map.of("query", "x", "limit", "ten"), caller)).field());
        assertEquals("method", assertThrows(InvalidInputException.class,
                () -> bridge.handle("drop_all", Map.of(), caller)).field());
        assertEquals(InvalidInputException.Kind.NOT_FOUND, assertThrows(InvalidInputException.class,
                () -> bridge.handle("source", Map.of("name", "nope"), caller)).kind());
        assertEquals("arguments", assertThrows(InvalidInputException.class,
                () -> bridge.handle("call_upstream", Map.of("name", "table_join", "arguments", "x"), caller)).field());
    }
}
