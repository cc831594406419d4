package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ToolIndexTest {

    final ToolIndex index = new ToolIndex();

    static ToolDefinition tool(String name, String category, String summary, String... params) {
        Map<String, Object> props = new java.util.LinkedHashMap<>();
        for (String p : params) {
            props.put(p, Map.of("type", "string"));
        }
        return new ToolDefinition(name, category, summary, summary, Map.of("type", "object", "properties", props),
                Map.of("type", "object"), List.of(), List.of(), ToolDefinition.ORIGIN_REGISTRY, null);
    }

    @AfterEach
    void close() throws Exception {
        index.close();
    }

    @Test
    void splitsNamesOnUnderscoresHyphensAndCamelCase() {
        assertEquals("csv profile", ToolIndex.words("csv_profile"));
        assertEquals("csv profile", ToolIndex.words("csv-profile"));
        assertEquals("csv Profile", ToolIndex.words("csvProfile"));
        assertEquals("HTTP Server", ToolIndex.words("HTTPServer"));
    }

    @Test
    void findsToolsByNameWordsStemsAndParameterNames() {
        index.apply(List.of(tool("csv_profile", "data", "Summarize a table", "path"),
                tool("convert_timezone", "dates", "Shift an instant", "to_zone")), List.of());
        assertEquals("csv_profile", index.search("profiling csv", null, 5).getFirst());
        assertEquals("convert_timezone", index.search("zone", null, 5).getFirst());
        assertEquals("convert_timezone", index.search("converting", null, 5).getFirst());
    }

    @Test
    void toleratesTyposInUnknownWords() {
        index.apply(List.of(tool("histogram", "stats", "Bin numbers"), tool("percentile", "stats", "Quantiles")),
                List.of());
        assertEquals(List.of("histogram"), index.search("histgram", null, 5));
        assertEquals(List.of("percentile"), index.search("percentlie", null, 5));
    }

    @Test
    void categoryFilterIsExact() {
        index.apply(List.of(tool("file_hash", "files", "Checksum of a file"),
                tool("hash_text", "encoding", "Checksum of text")), List.of());
        assertEquals(List.of("hash_text"), index.search("checksum", "encoding", 5));
        assertEquals(2, index.search("checksum", null, 5).size());
        assertTrue(index.search("checksum", "encod", 5).isEmpty());
    }

    @Test
    void reindexingTheSameToolsIsIdempotentAndDeletesRemove() {
        ToolDefinition t = tool("slugify", "text", "Make a url slug");
        index.apply(List.of(t), List.of());
        index.apply(List.of(t, t), List.of());
        assertEquals(List.of("slugify"), index.search("slug", null, 10));
        index.apply(List.of(), List.of("slugify"));
        assertTrue(index.search("slug", null, 10).isEmpty());
    }

    @Test
    void stopWordsOnlyQueryFindsNothing() {
        index.apply(List.of(tool("slugify", "text", "Make a url slug")), List.of());
        assertTrue(index.search("the of and", null, 10).isEmpty());
    }
}
