package dev.codeexec.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * Ranked tools (best first) or, for an empty query, the categories with their tool counts. Fields a
 * detail level leaves out are absent, not null: the point is few tokens.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ToolSearchResult(List<Hit> tools, List<CategoryCount> categories) {

    /** One tool at the requested detail: name; plus category and summary; plus the whole definition. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Hit(String name, String category, String summary, String description,
            @JsonProperty("input_schema") Map<String, Object> inputSchema,
            @JsonProperty("output_schema") Map<String, Object> outputSchema,
            List<ToolDefinition.ToolExample> examples, List<String> tags, String origin) {
    }

    public record CategoryCount(String category, int tools) {
    }
}
