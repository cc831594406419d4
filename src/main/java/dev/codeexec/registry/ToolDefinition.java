package dev.codeexec.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.annotation.Nullable;
import java.util.List;
import java.util.Map;

/**
 * One tool as agents see it. {@code origin} says how it runs: {@code "registry"} (a Python module run
 * inside the sandbox) or {@code "upstream"} (a tool of the MCP server named in {@code server}, called by
 * the host).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ToolDefinition(
        String name,
        String category,
        String summary,
        String description,
        @JsonProperty("input_schema") Map<String, Object> inputSchema,
        @Nullable @JsonProperty("output_schema") Map<String, Object> outputSchema,
        List<ToolExample> examples,
        List<String> tags,
        String origin,
        @Nullable String server) {

    public static final String ORIGIN_REGISTRY = "registry";
    public static final String ORIGIN_UPSTREAM = "upstream";

    /** One documented call: arguments and a subset of the JSON result they give. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ToolExample(@Nullable String description, @Nullable Map<String, Object> args, @Nullable Object expect) {
    }

    public boolean upstream() {
        return ORIGIN_UPSTREAM.equals(origin);
    }

    /** Names of the top-level parameters, for search. */
    @SuppressWarnings("unchecked")
    public List<String> parameterNames() {
        Object props = inputSchema == null ? null : inputSchema.get("properties");
        return props instanceof Map<?, ?> m ? List.copyOf(((Map<String, Object>) m).keySet()) : List.of();
    }

    ToolDefinition renamed(String newName) {
        return new ToolDefinition(newName, category, summary, description, inputSchema, outputSchema, examples, tags,
                origin, server);
    }
}
