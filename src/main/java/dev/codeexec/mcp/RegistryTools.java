package dev.codeexec.mcp;

import dev.codeexec.registry.RegistryService;
import dev.codeexec.registry.ToolSearch;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;

/** MCP adapter for progressive tool discovery: search the registry, then read one definition. */
public class RegistryTools {

    private final RegistryService registry;
    private final ToolResults results;

    public RegistryTools(RegistryService registry, ToolResults results) {
        this.registry = registry;
        this.results = results;
    }

    @Tool(name = "search_tools", description = """
            Find registry tools to call from execute_code (import tools), ranked; an empty query \
            lists categories.""",
            annotations = @Tool.Annotations(title = "Search tools", readOnlyHint = true,
                    destructiveHint = false, idempotentHint = true, openWorldHint = false))
    ToolResponse searchTools(
            @ToolArg(description = "The task", defaultValue = "") String query,
            @ToolArg(description = "Only this category", required = false) String category,
            @ToolArg(defaultValue = "10") int limit,
            @ToolArg(description = "full adds schemas", defaultValue = "summary") String detail) {
        return results.call(() -> registry.search(new ToolSearch(query, category, limit, detail)));
    }

    @Tool(name = "get_tool_definition", description = """
            A registry tool's definition and a Python snippet calling it from execute_code.""",
            annotations = @Tool.Annotations(title = "Get tool definition", readOnlyHint = true,
                    destructiveHint = false, idempotentHint = true, openWorldHint = false))
    ToolResponse getToolDefinition(@ToolArg(description = "Tool name from search_tools") String name) {
        return results.call(() -> registry.definition(name));
    }
}
