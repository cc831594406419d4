package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a timed test: prints load/index time and search latency over a synthetic 10,000-tool registry.
 * Run: {@code mvn -q -B test -Dtest=RegistryBenchmark -Dbenchmark=true}; record figures in
 * docs/benchmarks-registry.md.
 */
@EnabledIfSystemProperty(named = "benchmark", matches = "true")
class RegistryBenchmark {

    static final String[] VERBS = {"parse", "convert", "count", "extract", "merge", "split", "filter", "sort",
        "hash", "encode", "decode", "profile", "validate", "render", "summarize", "compare", "search", "load"};
    static final String[] NOUNS = {"csv", "json", "date", "timezone", "text", "file", "table", "record", "word",
        "number", "url", "image", "email", "log", "metric", "graph", "note", "invoice", "address", "matrix"};
    static final String[] QUERIES = {"parse a csv file", "convert timezone", "count words in text",
        "extract emails from log", "merge two tables", "validate an invoice", "hash a file", "decode url",
        "summarize metrics", "render a graph", "timezne convrt", "profile json records", "split text",
        "sort numbers", "compare dates"};
    static final int TOOLS = 10_000;

    @TempDir
    Path dir;

    @Test
    void tenThousandTools() throws Exception {
        Random random = new Random(42);
        long writeStart = System.nanoTime();
        for (int i = 0; i < TOOLS; i++) {
            String verb = VERBS[random.nextInt(VERBS.length)];
            String noun = NOUNS[random.nextInt(NOUNS.length)];
            String other = NOUNS[random.nextInt(NOUNS.length)];
            String category = "cat" + (i % 40);
            String name = verb + "_" + noun + "_" + i;
            Files.createDirectories(dir.resolve(category));
            Files.writeString(dir.resolve(category).resolve(name + ".yaml"), """
                    name: %s
                    category: %s
                    summary: %s %s values from a %s source
                    description: Tool number %d. It can %s %s data and write %s output for reports.
                    input_schema: {type: object, properties: {%s_path: {type: string}, limit: {type: integer}}}
                    output_schema: {type: object}
                    examples: []
                    tags: [%s, %s, %s]
                    """.formatted(name, category, verb, noun, other, i, verb, noun, other, noun, verb, noun, other));
            Files.writeString(dir.resolve(category).resolve(name + ".py"), "def run(**args):\n    return args\n");
        }
        System.out.printf("benchmark: wrote %d definitions in %d ms%n", TOOLS, (System.nanoTime() - writeStart) / 1_000_000);

        long loadStart = System.nanoTime();
        try (RegistryService registry = new RegistryService(RegistrySettings.local(dir, false))) {
            long loadMs = (System.nanoTime() - loadStart) / 1_000_000;
            assertEquals(TOOLS, registry.stats().tools());

            List<ToolDefinition> defs = new ArrayList<>();
            try (ToolIndex index = new ToolIndex()) {
                for (int i = 0; i < TOOLS; i++) {
                    defs.add(ToolIndexTest.tool(VERBS[i % VERBS.length] + "_" + NOUNS[i % NOUNS.length] + "_" + i,
                            "cat" + (i % 40), VERBS[i % VERBS.length] + " " + NOUNS[i % NOUNS.length] + " data", "path"));
                }
                long indexStart = System.nanoTime();
                index.apply(defs, List.of());
                long indexMs = (System.nanoTime() - indexStart) / 1_000_000;
                long[] raw = new long[5_000];
                for (int i = 0; i < raw.length + 1_000; i++) {
                    long t = System.nanoTime();
                    index.search(QUERIES[i % QUERIES.length], null, 10);
                    if (i >= 1_000) {
                        raw[i - 1_000] = System.nanoTime() - t;
                    }
                }
                Arrays.sort(raw);
                System.out.printf("benchmark: ToolIndex.search alone: p50 %.3f ms, p99 %.3f ms%n", raw[raw.length / 2] / 1e6,
                        raw[raw.length * 99 / 100] / 1e6);
                System.out.printf("benchmark: load+index %d tools from disk %d ms; index build alone %d ms%n", TOOLS,
                        loadMs, indexMs);
            }

            for (int i = 0; i < 2_000; i++) { // warm-up: JIT and Lucene caches
                registry.search(new ToolSearch(QUERIES[i % QUERIES.length], null, 10, "summary"));
            }
            int runs = 10_000;
            long[] nanos = new long[runs];
            for (int i = 0; i < runs; i++) {
                String category = i % 5 == 0 ? "cat" + (i % 40) : null;
                long t = System.nanoTime();
                ToolSearchResult r = registry.search(new ToolSearch(QUERIES[i % QUERIES.length], category, 10,
                        "summary"));
                nanos[i] = System.nanoTime() - t;
                assertFalse(r.tools() == null);
            }
            Arrays.sort(nanos);
            System.out.printf("benchmark: search_tools over %d tools, %d queries: p50 %.3f ms, p90 %.3f ms, "
                    + "p99 %.3f ms, max %.3f ms%n", TOOLS, runs, nanos[runs / 2] / 1e6, nanos[runs * 9 / 10] / 1e6,
                    nanos[runs * 99 / 100] / 1e6, nanos[runs - 1] / 1e6);
        }
    }
}
