package dev.codeexec.mcp;

import dev.codeexec.skills.DeletedSkill;
import dev.codeexec.skills.SavedSkill;
import dev.codeexec.skills.Skill;
import dev.codeexec.skills.SkillDraft;
import dev.codeexec.skills.SkillPage;
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

    public SkillTools(SkillStore store, ToolResults results) {
        this.store = store;
        this.results = results;
    }

    @Tool(name = "save_skill", description = """
            Save a reusable piece of Python (functions, classes) under a name, so later executions can \
            `from skills import <name>` instead of rewriting it. Saving an existing name adds a new version; \
            earlier versions are kept. The code must compile (it is compiled, not run); a syntax error is \
            reported with its line. Save only code that worked in execute_code. Returns the new version number.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = SavedSkill.class),
            annotations = @Tool.Annotations(title = "Save skill", readOnlyHint = false, destructiveHint = false,
                    idempotentHint = false, openWorldHint = false))
    ToolResponse saveSkill(
            @ToolArg(description = "Python identifier of 1 to 64 characters (letters, digits, '_', not starting "
                    + "with a digit); not a keyword and not load, list or module") String name,
            @ToolArg(description = "At least one sentence (3+ words, up to 1000 characters): what the skill does "
                    + "and which function to call") String description,
            @ToolArg(description = "Python 3 source of the module, up to 256 KiB; stdlib imports only") String code,
            @ToolArg(description = "Optional labels, up to 16, each 1 to 32 characters of a-z, 0-9, '_' or '-'",
                    required = false) List<String> tags,
            @ToolArg(description = "Optional JSON object describing the parameters of the skill's main function, "
                    + "e.g. {\"path\": \"CSV file in the workspace\"}; up to 16 KiB as JSON", required = false)
            Map<String, Object> parameters,
            McpConnection connection) {
        return results.call(() -> store.save(new SkillDraft(name, description, code, tags, parameters,
                connection.id())));
    }

    @Tool(name = "load_skill", description = """
            Return the code and metadata of a saved skill: its newest version, or the version given. \
            To use a skill inside execute_code, `from skills import <name>` is shorter; load it here to read or \
            change it. An unknown name is an error that suggests close names.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = Skill.class),
            annotations = @Tool.Annotations(title = "Load skill", readOnlyHint = true, idempotentHint = true,
                    openWorldHint = false))
    ToolResponse loadSkill(
            @ToolArg(description = "Name of a saved skill") String name,
            @ToolArg(description = "Version number, 1 or more; omit for the newest", required = false)
            Integer version) {
        return results.call(() -> store.load(name, version));
    }

    @Tool(name = "list_skills", description = """
            List saved skills as compact entries (name, description, tags, newest version, update time), without \
            code. Without a query: newest first. With a query: most relevant first, matching words of names, \
            tags and descriptions; skills matching no word are left out. Check here before writing code that may \
            already exist.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = SkillPage.class),
            annotations = @Tool.Annotations(title = "List skills", readOnlyHint = true, idempotentHint = true,
                    openWorldHint = false))
    ToolResponse listSkills(
            @ToolArg(description = "Optional free-text words to rank by, e.g. 'csv parse'", required = false)
            String query,
            @ToolArg(description = "Optional tag; only skills carrying it are listed", required = false) String tag,
            @ToolArg(description = "Entries per page, 1 to 100", defaultValue = "20") int limit,
            @ToolArg(description = "Entries to skip, 0 or more", defaultValue = "0") int offset) {
        return results.call(() -> store.list(new SkillQuery(query, tag, limit, offset)));
    }

    @Tool(name = "delete_skill", description = """
            Delete a skill and all its versions, e.g. one saved by mistake. This cannot be undone; a starter skill \
            that is deleted is imported again at the next server start.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = DeletedSkill.class),
            annotations = @Tool.Annotations(title = "Delete skill", readOnlyHint = false, destructiveHint = true,
                    idempotentHint = false, openWorldHint = false))
    ToolResponse deleteSkill(@ToolArg(description = "Name of a saved skill") String name) {
        return results.call(() -> store.delete(name));
    }
}
