package dev.codeexec.mcp;

import dev.codeexec.skills.SkillDraft;
import dev.codeexec.tenant.Caller;
import dev.codeexec.skills.SkillQuery;
import dev.codeexec.skills.SkillStore;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import java.util.List;
import java.util.Map;

/** MCP adapter for the skills store: arguments become records, the store does the rest. */
public class SkillTools {

    private final SkillStore store;
    private final ToolResults results;
    private final McpCallers callers;

    public SkillTools(SkillStore store, ToolResults results, McpCallers callers) {
        this.callers = callers;
        this.store = store;
        this.results = results;
    }

    @Tool(name = "save_skill", description = """
            Save working Python code for `from skills import <name>`; saving a change adds a version. It \
            must compile.""",
            annotations = @Tool.Annotations(title = "Save skill", readOnlyHint = false, destructiveHint = false,
                    idempotentHint = false, openWorldHint = false))
    ToolResponse saveSkill(
            @ToolArg(description = "Not a keyword, load, list or module") String name,
            @ToolArg(description = "What it does, which function to call") String description,
            @ToolArg(description = "Module source, up to 256 KiB") String code,
            @ToolArg(description = "a-z, 0-9, _ or -, up to 32 characters", required = false)
            List<String> tags,
            @ToolArg(description = "Main function's parameters by name", required = false)
            Map<String, Object> parameters,
            McpConnection connection) {
        return results.call(() -> {
            Caller caller = callers.of(connection);
            return store.save(caller.tenant(), new SkillDraft(name, description, code, tags, parameters, caller.id()));
        });
    }

    @Tool(name = "load_skill", description = """
            A saved skill's code and metadata (to use it, import it).""",
            annotations = @Tool.Annotations(title = "Load skill", readOnlyHint = true,
                    destructiveHint = false, idempotentHint = true, openWorldHint = false))
    ToolResponse loadSkill(
            @ToolArg String name,
            @ToolArg(description = "Default: newest", required = false)
            Integer version,
            McpConnection connection) {
        return results.call(() -> store.load(callers.of(connection).tenant(), name, version));
    }

    @Tool(name = "list_skills", description = """
            Saved skills without code, newest first or ranked by query words; check before writing code.""",
            annotations = @Tool.Annotations(title = "List skills", readOnlyHint = true,
                    destructiveHint = false, idempotentHint = true, openWorldHint = false))
    ToolResponse listSkills(
            @ToolArg(description = "Words to rank by", required = false)
            String query,
            @ToolArg(description = "Only this tag", required = false) String tag,
            @ToolArg(defaultValue = "20") int limit,
            @ToolArg(defaultValue = "0") int offset,
            McpConnection connection) {
        return results.call(() -> store.list(callers.of(connection).tenant(), new SkillQuery(query, tag, limit, offset)));
    }

    @Tool(name = "delete_skill", description = """
            Delete a skill and its versions.""",
            annotations = @Tool.Annotations(title = "Delete skill", readOnlyHint = false, destructiveHint = true,
                    idempotentHint = false, openWorldHint = false))
    ToolResponse deleteSkill(@ToolArg String name, McpConnection connection) {
        return results.call(() -> store.delete(callers.of(connection).tenant(), name));
    }
}
