package dev.codeexec.mcp;

import dev.codeexec.registry.RegistryService;
import dev.codeexec.registry.ToolDefinitionView;
import dev.codeexec.registry.ToolSearch;
import dev.codeexec.registry.ToolSearchResult;
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
            Find tools to call from execute_code (import tools). Ranked, typo-tolerant search over names, \
            summaries, tags and parameters. Empty query: list categories with tool counts. \
            Then use get_tool_definition for arguments.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = ToolSearchResult.class),
            annotations = @Tool.Annotations(title = "Search tools", readOnlyHint = true, openWorldHint = false))
    ToolResponse searchTools(
            @ToolArg(description = "What you want to do, in words, e.g. 'profile a csv file'; empty lists categories",
                    defaultValue = "") String query,
            @ToolArg(description = "Only this category (exact name)", required = false) String category,
            @ToolArg(description = "Max results, 1 to 50", defaultValue = "10") int limit,
            @ToolArg(description = "name | summary | full (full adds schemas and examples)",
                    defaultValue = "summary") String detail) {
        return results.call(() -> registry.search(new ToolSearch(query, category, limit, detail)));
    }

    @Tool(name = "get_tool_definition", description = """
            Full definition of one registry tool (schemas, examples) plus a Python snippet to paste into \
            execute_code. Unknown name: error listing the closest names.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = ToolDefinitionView.class),
            annotations = @Tool.Annotations(title = "Get tool definition", readOnlyHint = true,
                    openWorldHint = false))
    ToolResponse getToolDefinition(@ToolArg(description = "Exact tool name from search_tools") String name) {
        return results.call(() -> registry.definition(name));
    }
}
