package dev.codeexec.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Snippets are Python as pasted, whatever an upstream server named its tool, category or arguments. */
class PythonSnippetTest {

    private static ToolDefinition tool(String name, String category, Map<String, Object> args) {
        return new ToolDefinition(name, category, "s", "d", Map.of("type", "object"), null,
                List.of(new ToolDefinition.ToolExample(null, args, null)), List.of(), ToolDefinition.ORIGIN_UPSTREAM,
                category);
    }

    private static String call(ToolDefinition tool) {
        String snippet = PythonSnippet.of(tool);
        return snippet.substring(snippet.indexOf("result = ") + 9, snippet.indexOf("\nprint"));
    }

    @Test
    void plainNamesAreWrittenAsAttributesAndKeywords() {
        assertEquals("tools.weather.forecast(city=\"Oslo\", name=\"x\")",
                call(tool("forecast", "weather", ordered("city", "Oslo", "name", "x"))));
    }

    @Test
    void namesPythonCannotWriteGoThroughToolsCall() {
        assertEquals("tools.call(\"Get-Weather.v2\", city=\"Oslo\")",
                call(tool("Get-Weather.v2", "weather", ordered("city", "Oslo"))));
        assertEquals("tools.call(\"import\")", call(tool("import", "weird", Map.of())));
        assertEquals("tools.call(\"__class__\")", call(tool("__class__", "weird", Map.of())));
        assertEquals("tools.call(\"geo_dist\", a=1)", call(tool("geo_dist", "search", ordered("a", 1))));
        assertEquals("tools.call(\"ping\")", call(tool("ping", "my-server", Map.of())));
        assertEquals("tools.travel.lookup(**{\"from\": 1, \"to\": 2})",
                call(tool("lookup", "travel", ordered("from", 1, "to", 2))));
    }

    private static Map<String, Object> ordered(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
