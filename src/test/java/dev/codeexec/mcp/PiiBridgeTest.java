package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.codeexec.pii.RestoreResult;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** {@code import pii} inside execute_code, on the connection's vault; needs the host bridge. */
@QuarkusTest
@Tag("bridge")
class PiiBridgeTest {

    McpCalls mcp;

    @BeforeEach
    void connect() {
        mcp = new McpCalls();
    }

    @Test
    void guestSanitizeUsesTheSameTokensAsTheTool() {
        McpCalls.Exec r = mcp.exec("import pii\nprint(pii.sanitize('mail guest@example.com'))");
        assertEquals("mail <EMAIL_ADDRESS_1>\n", r.stdout(), r.stderr());
        JsonObject restored = JsonObject.mapFrom(mcp.call("restore_pii", Map.of("text", "<EMAIL_ADDRESS_1>"))
                .structuredContent());
        assertEquals("guest@example.com", restored.getString("text"));
    }

    @Test
    void guestRestoreAndDetails() {
        mcp.call("sanitize_pii", Map.of("text", "host 10.9.8.7"));
        McpCalls.Exec r = mcp.exec("""
                import pii
                print(pii.restore('ip <IP_ADDRESS_1>'))
                d = pii.sanitize('card 4111 1111 1111 1111', details=True)
                print(d['counts'], d['entities'][0]['start'])
                try:
                    pii.sanitize('x', entities=['NOPE'])
                except ValueError as e:
                    print('ValueError', str(e).startswith('entities'))
                """);
        assertEquals("ip 10.9.8.7\n{'CREDIT_CARD': 1} 5\nValueError True\n", r.stdout(), r.stderr());
    }

    /**
     * A client that opens a connection per call restores a run's tokens on the next connection with the vault handle
     * the run returned; without it, it is told to pass one. A run that tokenized nothing names no vault.
     */
    @Test
    void aRunThatTokenizedNamesItsVaultForTheNextConnection() {
        JsonObject plain = JsonObject.mapFrom(mcp.call("execute_code", Map.of("code", "print(1)")).structuredContent());
        assertFalse(plain.containsKey("vault"), plain.encode());
        JsonObject run = JsonObject.mapFrom(mcp.call("execute_code",
                Map.of("code", "import pii\nprint(pii.sanitize('mail next@example.com'))")).structuredContent());
        assertEquals("mail <EMAIL_ADDRESS_1>\n", run.getString("stdout"), run.encode());
        String vault = run.getString("vault");
        McpCalls next = new McpCalls();
        JsonObject without = JsonObject.mapFrom(next.call("restore_pii", Map.of("text", "<EMAIL_ADDRESS_1>"))
                .structuredContent());
        assertEquals("<EMAIL_ADDRESS_1>", without.getString("text"));
        assertEquals(RestoreResult.PASS_THE_VAULT, without.getString("note"));
        JsonObject with = JsonObject.mapFrom(next.call("restore_pii", Map.of("text", "<EMAIL_ADDRESS_1>",
                "vault", vault)).structuredContent());
        assertEquals("next@example.com", with.getString("text"), with.encode());
        assertFalse(with.containsKey("note"), with.encode());
    }

    @Test
    void anotherConnectionsGuestCannotRestore() {
        mcp.call("sanitize_pii", Map.of("text", "owner@example.com"));
        McpCalls other = new McpCalls();
        McpCalls.Exec r = other.exec("import pii\nprint(pii.restore('<EMAIL_ADDRESS_1>'))");
        assertEquals("<EMAIL_ADDRESS_1>\n", r.stdout(), r.stderr());
    }
}
