package dev.codeexec.parity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.mcp.McpCalls;
import dev.codeexec.mcp.SandboxWarm;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Everyday programs of the kind agents write, run by execute_code over MCP and compared byte for byte with what
 * CPython 3.12 printed for the same source (src/test/resources/parity/NAME.out, written by
 * scripts/parity-golden.py), given NAME.stdin as standard input where there is one. All run in one caller's warm
 * interpreter, reset between runs, as a caller's runs are. A program listed in docs/parity.md ("Known differences") must still differ: fixed, it leaves the list.
 */
@QuarkusTest
class ParityTest {

    private static final Path DOC = Path.of("docs", "parity.md");
    /** A row of the known-differences table: | `name` | reason |. */
    private static final Pattern KNOWN_ROW = Pattern.compile("^\\| `([a-z0-9_]+)` \\| (.+) \\|$");

    /** One caller for the whole suite, so every program runs in its warm interpreter; made once the server is up. */
    private static McpCalls caller;

    private static synchronized McpCalls caller() {
        if (caller == null) {
            SandboxWarm.awaitReady();
            caller = new McpCalls();
        }
        return caller;
    }

    static Stream<String> programs() throws IOException {
        try (Stream<Path> files = Files.list(suite())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".py"))
                    .map(n -> n.substring(0, n.length() - 3)).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programs")
    void printsWhatCPythonPrints(String name) throws IOException {
        String source = Files.readString(suite().resolve(name + ".py"), StandardCharsets.UTF_8);
        String expected = Files.readString(suite().resolve(name + ".out"), StandardCharsets.UTF_8);
        Path stdin = suite().resolve(name + ".stdin");  // what the program reads, as parity-golden.py feeds CPython
        McpCalls.Exec run = caller().exec(Files.exists(stdin)
                ? Map.of("code", source, "timeout_s", 60, "stdin", Files.readString(stdin, StandardCharsets.UTF_8))
                : Map.of("code", source, "timeout_s", 60));
        boolean same = run.exitCode() == 0 && run.stderr().isEmpty() && expected.equals(run.stdout());
        String reason = knownDifferences().get(name);
        if (reason != null) {
            assertFalse(same, name + " now prints what CPython prints: remove it from " + DOC + "'s known differences");
            return;
        }
        assertEquals(expected, run.stdout(), name + ": stdout differs from CPython 3.12's; stderr: " + run.stderr());
        assertEquals("", run.stderr(), name + ": CPython wrote nothing to stderr");
        assertEquals(0, run.exitCode(), name + ": CPython exited 0");
    }

    /** The list cannot name a program that does not exist, or give no reason. */
    @Test
    void everyKnownDifferenceNamesAProgramAndAReason() throws IOException {
        Map<String, String> known = knownDifferences();
        var names = programs().toList();
        known.forEach((name, reason) -> {
            assertTrue(names.contains(name), DOC + " lists " + name + ", which is not a parity program");
            assertTrue(reason.strip().length() > 10, DOC + " gives no reason for " + name);
        });
    }

    static Map<String, String> knownDifferences() throws IOException {
        Map<String, String> known = new TreeMap<>();
        for (String line : Files.readAllLines(DOC, StandardCharsets.UTF_8)) {
            Matcher m = KNOWN_ROW.matcher(line.strip());
            if (m.matches()) {
                known.put(m.group(1), m.group(2));
            }
        }
        return known;
    }

    private static Path suite() {
        try {
            return Path.of(ParityTest.class.getResource("/parity").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
