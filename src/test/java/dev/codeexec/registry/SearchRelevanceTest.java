package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Queries phrased the way an agent asks, each with the tool it should find, over a 34-tool test registry
 * (src/test/resources/registry-relevance). The right tool must be in the top 3 for at least 90%.
 */
class SearchRelevanceTest {

    record Case(String query, String expected) {
    }

    static final List<Case> CASES = List.of(
            new Case("profile a csv file", "csv_profile"),
            new Case("what columns and types are in this spreadsheet", "csv_profile"),
            new Case("extract a value from nested json using a path", "json_query"),
            new Case("sum sales by region", "group_aggregate"),
            new Case("group by and count", "group_aggregate"),
            new Case("render rows as a markdown table", "markdown_table"),
            new Case("convert csv to json records", "csv_to_json"),
            new Case("flatten nested json objects into dotted keys", "json_flatten"),
            new Case("show the differences between two texts", "unified_diff"),
            new Case("diff two files", "unified_diff"),
            new Case("find all email addresses in text with a regex", "regex_extract"),
            new Case("split a long document into chunks for embedding", "chunk_text"),
            new Case("most common words in a document", "word_frequencies"),
            new Case("make a url-friendly slug from a title", "slugify"),
            new Case("count characters, lines and sentences", "text_stats"),
            new Case("find files matching *.py in the workspace", "find_files"),
            new Case("search for a string inside files", "grep_files"),
            new Case("sha256 checksum of a file", "file_hash"),
            new Case("compute the hash of a file to verify integrity", "file_hash"),
            new Case("show directory structure as a tree", "dir_tree"),
            new Case("file size and modification time", "file_info"),
            new Case("convert 9am New York time to Tokyo time zone", "convert_timezone"),
            new Case("utc offset with daylight saving", "convert_timezone"),
            new Case("how many days between two dates", "date_diff"),
            new Case("parse a date string in an unknown format", "parse_date"),
            new Case("add 3 weeks to a date", "add_duration"),
            new Case("count working days excluding weekends", "business_days"),
            new Case("mean median standard deviation of a list of numbers", "describe_numbers"),
            new Case("95th percentile latency", "percentile"),
            new Case("are these two variables correlated", "correlation"),
            new Case("bucket values into bins and count them", "histogram"),
            new Case("fit a line to x and y points", "linear_regression"),
            new Case("decode base64", "base64_codec"),
            new Case("md5 of a string", "hash_text"),
            new Case("percent-encode a query string parameter", "url_codec"),
            new Case("show the raw bytes of a file in hex", "hex_dump"),
            new Case("remember this for later", "note_save"),
            new Case("look up what I noted earlier about the deployment", "note_search"),
            new Case("forget a saved note", "note_delete"),
            // typos, identifiers and camelCase, the way agents also type
            new Case("timezne conversion", "convert_timezone"),
            new Case("regx extract", "regex_extract"),
            new Case("histgram of values", "histogram"),
            new Case("csv_profile", "csv_profile"),
            new Case("jsonQuery", "json_query"),
            new Case("business-days", "business_days"));

    static ToolIndex index;

    @BeforeAll
    static void buildIndex() throws Exception {
        index = new ToolIndex();
        List<ToolDefinition> tools = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources/registry-relevance"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).toList()) {
                tools.add(DefinitionParser.parse(Files.readString(f)));
            }
        }
        index.apply(tools, List.of());
    }

    @AfterAll
    static void close() throws IOException {
        index.close();
    }

    @Test
    void rightToolIsInTopThreeForNinetyPercentOfQueries() {
        int hits = 0;
        List<String> misses = new ArrayList<>();
        for (Case c : CASES) {
            List<String> top = index.search(c.query(), null, 3);
            if (top.contains(c.expected())) {
                hits++;
            } else {
                misses.add("'" + c.query() + "' -> " + top + " (expected " + c.expected() + ")");
            }
        }
        double score = 100.0 * hits / CASES.size();
        System.out.printf("search relevance: %d/%d queries with the right tool in the top 3 (%.1f%%)%n", hits,
                CASES.size(), score);
        misses.forEach(m -> System.out.println("  miss: " + m));
        assertTrue(CASES.size() >= 40, "keep at least 40 queries");
        assertTrue(score >= 90.0, "relevance " + score + "% is below 90%: " + misses);
    }
}
