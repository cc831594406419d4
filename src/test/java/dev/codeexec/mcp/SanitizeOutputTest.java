package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.json.JsonObject;
import java.util.List;
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

    /**
     * Output past the inline budget (16 KiB) is cut after detection: an address across the head's cut or the tail's
     * start is left out whole, not kept in part (the sandbox's cut used to come first, and "john.smi" and "es@example.org"
     * came back raw), and one near a cut but wholly inside is tokenized. Nothing is spilled to a file.
     */
    @Test
    void longOutputIsCutWhereNoPersonalDataIsSplit() {
        String code = "import sys\nsys.stdout.write('x' * 7990 + ' john.smith@example.com ' + 'y' * 20000"
                + " + ' mary.jones@example.org ' + 'z' * 7985 + '\\n')\n"
                + "sys.stderr.write('e' * 7900 + ' ann.lee@example.net ' + 'w' * 30000 + '\\n')\n";
        ToolResponse response = mcp.call("execute_code", Map.of("code", code, "sanitize_output", true));
        JsonObject result = JsonObject.mapFrom(response.structuredContent());
        assertFalse(result.containsKey("stdout_file") || result.containsKey("stderr_file"), "spilled: " + result);
        McpCalls.Exec r = new McpCalls.Exec(result.getString("stdout"), result.getString("stderr"),
                result.getInteger("exit_code"), false, result.getBoolean("truncated"), 0);
        assertEquals(0, r.exitCode(), r.stderr());
        assertTrue(r.truncated());
        for (String part : new String[] {"john", "smi", "mary", "jones", "example.com", "example.org"}) {
            assertFalse(r.stdout().contains(part), part + " in " + r.stdout());
        }
        assertTrue(r.stdout().startsWith("x".repeat(7990) + " \n[... "), r.stdout().substring(0, 8100));
        assertTrue(r.stdout().endsWith(" ...]\n " + "z".repeat(7985) + "\n"), r.stdout());
        assertTrue(r.stdout().contains("[... 20046 bytes left out of 36024 ...]"), r.stdout());
        assertFalse(r.stderr().contains("ann.lee"), r.stderr());
        assertTrue(r.stderr().startsWith("e".repeat(7900) + " <EMAIL_ADDRESS_"), r.stderr().substring(0, 7950));
    }

    /** Cut output keeps whole lines on both sides of the marker, as the sandbox's own cut does. */
    @Test
    void longOutputOfShortLinesIsCutBetweenLines() {
        McpCalls.Exec r = mcp.exec(Map.of("code", "for i in range(5000):\n    print(f'row {i} of the report')",
                "sanitize_output", true));
        assertTrue(r.truncated());
        List<String> lines = r.stdout().lines().toList();
        assertEquals(1, lines.stream().filter(l -> l.startsWith("[... ")).count(), r.stdout());
        assertTrue(lines.stream().allMatch(l -> l.startsWith("[... ") || l.matches("row \\d+ of the report")),
                r.stdout());
        assertEquals("row 4999 of the report", lines.getLast());
    }

    /** Tokens are longer than the short addresses they replace: the tokenized cut still keeps to the budget. */
    @Test
    void tokenizedOutputKeepsToTheBudget() {
        McpCalls.Exec r = mcp.exec(Map.of("code", "for i in range(20000):\n    print(f'row {i} mail u{i % 50}@ex.com')",
                "sanitize_output", true));
        assertTrue(r.truncated());
        assertTrue(r.stdout().getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 16384,
                r.stdout().getBytes(java.nio.charset.StandardCharsets.UTF_8).length + " bytes");
        assertTrue(r.stdout().contains("<EMAIL_ADDRESS_") && !r.stdout().contains("@ex.com"), r.stdout());
        assertTrue(r.stdout().endsWith("row 19999 mail <EMAIL_ADDRESS_50>\n") || r.stdout().endsWith(">\n"),
                r.stdout().substring(r.stdout().length() - 80));
    }

    /**
     * The budget holds for the text as the model gets it, as without sanitize_output: 1,000 printed control
     * characters (1,001 bytes, within a 1 KiB budget) came back whole, each a six-character JSON escape. The marker
     * counts the same way: it said "left out of 1001", a total under the budget it had been cut to.
     */
    @Test
    void printedControlCharactersKeepToTheBudgetAsShownAndTheMarkerCountsAsTheBudgetDoes() {
        McpCalls.Exec r = mcp.exec(Map.of("code", "print('\\x01' * 1000)", "sanitize_output", true,
                "max_inline_bytes", 1024));
        assertTrue(r.truncated());
        String shown = r.stdout();
        assertTrue(dev.codeexec.sandbox.Utf8.shownLength(shown) <= 1024,
                dev.codeexec.sandbox.Utf8.shownLength(shown) + " shown: " + shown);
        java.util.regex.Matcher marker = java.util.regex.Pattern
                .compile("\\n?\\[\\.\\.\\. (\\d+) bytes left out of (\\d+) \\.\\.\\.]\\n").matcher(shown);
        assertTrue(marker.find(), shown);
        long left = Long.parseLong(marker.group(1));
        long total = Long.parseLong(marker.group(2));
        assertEquals(1000 * 6 + 1, total, "what the whole stream weighs shown, escapes and newline");
        long kept = dev.codeexec.sandbox.Utf8.shownLength(shown.substring(0, marker.start()))
                + dev.codeexec.sandbox.Utf8.shownLength(shown.substring(marker.end()));
        assertEquals(total, left + kept, "what is shown and what is left out add up to the total");
    }

    @Test
    void outputIsLeftAloneByDefault() {
        McpCalls.Exec r = mcp.exec("print('bob.smith@example.org')");
        assertEquals("bob.smith@example.org\n", r.stdout());
    }
}
