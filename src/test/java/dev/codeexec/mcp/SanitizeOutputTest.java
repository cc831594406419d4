package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** execute_code(sanitize_output=true): personal data leaves the sandbox only as this connection's tokens. */
@QuarkusTest
class SanitizeOutputTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    @Test
    void outputIsTokenizedAndRestorableOnTheSameConnectionOnly() {
        String code = "import sys\nprint('write to bob.smith@example.org')\nsys.stderr.write('card 4111 1111 1111 1111')";
        McpCalls.Exec r = mcp.exec(Map.of("code", code, "sanitize_output", true));
        assertEquals(0, r.exitCode(), r.stderr());
        assertFalse(r.stdout().contains("bob.smith@example.org"), r.stdout());
        assertTrue(r.stdout().contains("<EMAIL_ADDRESS_"), r.stdout());
        assertFalse(r.stderr().contains("4111 1111 1111 1111"), r.stderr());

        ToolResponse restored = mcp.call("restore_pii", Map.of("text", r.stdout()));
        assertEquals("write to bob.smith@example.org\n", JsonObject.mapFrom(restored.structuredContent()).getString("text"));

        McpCalls other = new McpCalls();
        ToolResponse elsewhere = other.call("restore_pii", Map.of("text", r.stdout()));
        assertEquals(r.stdout(), JsonObject.mapFrom(elsewhere.structuredContent()).getString("text"),
                "another connection must not restore these tokens");
    }

    @Test
    void outputIsLeftAloneByDefault() {
        McpCalls.Exec r = mcp.exec("print('bob.smith@example.org')");
        assertEquals("bob.smith@example.org\n", r.stdout());
    }
}
