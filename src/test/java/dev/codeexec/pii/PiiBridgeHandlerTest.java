package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.BridgeCaller;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The "pii" bridge service, called directly as the bridge will call it. */
class PiiBridgeHandlerTest {

    private final PiiBridgeHandler handler = new PiiBridgeHandler(TestPii.service());

    @Test
    void sanitizeAndRestoreUseTheCallersVault() {
        BridgeCaller alice = new BridgeCaller("local/alice");
        SanitizeResult r = (SanitizeResult) handler.handle("sanitize", Map.of("text", "a@example.com"), alice);
        assertEquals("<EMAIL_ADDRESS_1>", r.text());
        assertEquals("a@example.com",
                ((RestoreResult) handler.handle("restore", Map.of("text", r.text()), alice)).text());
        assertEquals("<EMAIL_ADDRESS_1>", ((RestoreResult) handler.handle("restore", Map.of("text", r.text()),
                new BridgeCaller("local/bob"))).text());
        assertEquals("pii", handler.service());
    }

    @Test
    void filtersArePassedThrough() {
        SanitizeResult r = (SanitizeResult) handler.handle("sanitize", Map.of("text", "a@example.com 10.0.0.1",
                "entities", List.of("IP_ADDRESS"), "min_score", 0.2), new BridgeCaller("local/c"));
        assertEquals("a@example.com <IP_ADDRESS_1>", r.text());
    }

    @Test
    void badCallsNameTheField() {
        BridgeCaller c = new BridgeCaller("local/c");
        assertEquals("method", assertThrows(InvalidInputException.class,
                () -> handler.handle("erase", Map.of(), c)).field());
        assertEquals("text", assertThrows(InvalidInputException.class,
                () -> handler.handle("sanitize", Map.of("text", 3), c)).field());
        assertEquals("entities", assertThrows(InvalidInputException.class,
                () -> handler.handle("sanitize", Map.of("text", "x", "entities", "EMAIL"), c)).field());
        assertEquals("text", assertThrows(InvalidInputException.class,
                () -> handler.handle("restore", Map.of(), c)).field());
    }
}
