package dev.codeexec.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.codeexec.sandbox.FileTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, run on Node 22) against the
 * packaged server over streamable HTTP ({@link SharedHttpServer}, which ClientCompatibilityIT also uses). Every scenario that applies to a product server must pass with
 * no failed or warning check; the others are listed with their reason in
 * src/test/node/conformance-not-applicable.txt.
 */
class ConformanceIT {

    /** Scenarios that need nothing but the protocol itself, no fixture tools, prompts or resources. */
    static final List<String> APPLICABLE = List.of(
            "server-initialize",
            "ping",
            "tools-list",
            "logging-set-level",
            "resources-list",
            "prompts-list",
            "server-sse-multiple-streams",
            "dns-rebinding-protection");

    private static final Path NOT_APPLICABLE = NodeClients.DIR.resolve("conformance-not-applicable.txt");
    private static final Pattern LISTED_SCENARIO = Pattern.compile("^\\s+- (\\S+)");
    private static final Duration SCENARIO_LIMIT = Duration.ofMinutes(2);
    private static final ObjectMapper JSON = new ObjectMapper();

    static PackagedServer server;

    @BeforeAll
    static void start() throws Exception {
        NodeClients.requireInstalled();
        server = SharedHttpServer.get();
    }

    static List<String> applicable() {
        return APPLICABLE;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("applicable")
    void scenarioPasses(String scenario) throws Exception {
        Path results = Path.of("target", "conformance", scenario);
        FileTrees.delete(results);
        NodeClients.Run run = NodeClients.run("conformance-" + scenario, List.of(NodeClients.NODE_22.toString(),
                NodeClients.CONFORMANCE.toString(), "server", "--url", server.mcpUrl(), "--scenario", scenario,
                "-o", results.toString()), SCENARIO_LIMIT);
        List<String> bad = new ArrayList<>();
        for (JsonNode check : checks(results, run.output())) {
            String status = check.path("status").asText();
            if (status.equals("FAILURE") || status.equals("WARNING")) {
                bad.add(status + " " + check.path("id").asText() + ": " + check.path("errorMessage").asText()
                        + " " + check.path("details"));
            }
        }
        assertTrue(bad.isEmpty(), scenario + " (server log: " + server.log() + "):\n" + String.join("\n", bad)
                + "\n" + run.output());
        assertEquals(0, run.exitCode(), scenario + ":\n" + run.output());
    }

    @Test
    void everyScenarioOfTheSuiteIsRunOrExplained() throws Exception {
        NodeClients.Run run = NodeClients.run("conformance-list", List.of(NodeClients.NODE_22.toString(),
                NodeClients.CONFORMANCE.toString(), "list", "--server"), SCENARIO_LIMIT);
        assertEquals(0, run.exitCode(), run.output());
        Set<String> suite = new TreeSet<>();
        run.output().lines().map(LISTED_SCENARIO::matcher).filter(Matcher::find).forEach(m -> suite.add(m.group(1)));
        Set<String> explained = notApplicable();

        Set<String> neither = new TreeSet<>(suite);
        neither.removeAll(APPLICABLE);
        neither.removeAll(explained);
        assertTrue(neither.isEmpty(), "scenarios neither run by ConformanceIT nor explained in " + NOT_APPLICABLE
                + ": " + neither);
        Set<String> both = new TreeSet<>(explained);
        both.retainAll(APPLICABLE);
        assertTrue(both.isEmpty(), "run and also listed as not applicable: " + both);
        Set<String> unknown = new TreeSet<>(explained);
        unknown.addAll(APPLICABLE);
        unknown.removeAll(suite);
        assertTrue(unknown.isEmpty(), "no longer in the suite: " + unknown);
    }

    /** Scenario names of the not-applicable file: the first word of each line that is not a comment. */
    private static Set<String> notApplicable() throws IOException {
        Set<String> names = new TreeSet<>();
        for (String line : Files.readAllLines(NOT_APPLICABLE)) {
            String trimmed = line.strip();
            if (!trimmed.isEmpty() && !trimmed.startsWith("#")) {
                String[] parts = trimmed.split("\\s+", 2);
                assertTrue(parts.length == 2, "a reason is missing for " + parts[0] + " in " + NOT_APPLICABLE);
                names.add(parts[0]);
            }
        }
        return names;
    }

    /** The checks the CLI saved (-o DIR writes DIR/server-&lt;scenario&gt;-&lt;time&gt;/checks.json). */
    private static List<JsonNode> checks(Path results, String output) throws IOException {
        assertTrue(Files.isDirectory(results), "the CLI saved no results:\n" + output);
        List<Path> files;
        try (Stream<Path> walk = Files.walk(results)) {
            files = walk.filter(p -> p.getFileName().toString().equals("checks.json")).toList();
        }
        assertEquals(1, files.size(), "expected one checks.json under " + results + ": " + files);
        List<JsonNode> checks = new ArrayList<>();
        JSON.readTree(files.getFirst().toFile()).forEach(checks::add);
        assertFalse(checks.isEmpty(), "the scenario recorded no check:\n" + output);
        return checks;
    }
}
