package dev.codeexec.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.annotation.Nullable;
import java.util.List;
import java.util.Map;

/**
 * Ranked tools (best first) or, for an empty query, the categories with their tool counts. Fields a
 * detail level leaves out are absent, not null: the point is few tokens.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ToolSearchResult(@Nullable List<Hit> tools, @Nullable List<CategoryCount> categories) {

    /** One tool at the requested detail: name; plus a one-line summary; plus the whole definition. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Hit(String name, @Nullable String category, @Nullable String summary, @Nullable String description,
            @Nullable @JsonProperty("input_schema") Map<String, Object> inputSchema,
            @Nullable @JsonProperty("output_schema") Map<String, Object> outputSchema,
            @Nullable List<ToolDefinition.ToolExample> examples, @Nullable List<String> tags, @Nullable String origin) {
    }

    public record CategoryCount(String category, int tools) {
    }
}
