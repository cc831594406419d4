package dev.codeexec.registry;

import com.fasterxml.jackson.annotation.JsonProperty;

/** get_tool_definition: the definition and a snippet to paste into execute_code. */
public record ToolDefinitionView(ToolDefinition definition, @JsonProperty("python_snippet") String pythonSnippet) {
}
