package dev.codeexec.mcp;

import dev.codeexec.pii.PiiConfig;
import dev.codeexec.registry.ToolSearch;
import dev.codeexec.sandbox.ExecutionLimits;
import dev.codeexec.sandbox.ExecutionRuns;
import dev.codeexec.skills.SkillDraft;
import dev.codeexec.skills.SkillQuery;
import dev.codeexec.workspace.ListFilesRequest;
import dev.codeexec.workspace.WorkspaceConfig;
import dev.codeexec.workspace.WorkspaceRoot;
import dev.codeexec.workspace.WriteFileRequest;
import jakarta.inject.Singleton;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The bounds of tool arguments as JSON Schema keywords ({@code minimum}, {@code maxLength}, {@code enum}),
 * so each limit is stated once, machine-readably, with the value the running configuration enforces.
 * The services check the same bounds; these only advertise them.
 */
@Singleton
public class ToolArgumentRules {

    private final Map<String, Map<String, Object>> rules = new HashMap<>();

    public ToolArgumentRules(PiiConfig pii, WorkspaceConfig workspace, ExecutionRuns runs,
            dev.codeexec.sandbox.SandboxConfig sandbox) {
        rule("execute_code", "code", "minLength", 1);
        rule("execute_code", "timeout_s", "minimum", ExecutionLimits.MIN_TIMEOUT_S, "maximum", runs.maxTimeoutS());
        rule("execute_code", "wait_s", "minimum", 0, "maximum", ExecutionLimits.MAX_TIMEOUT_S);
        rule("execute_code", "max_inline_bytes", "minimum", ExecutionLimits.MIN_INLINE_BYTES, "maximum",
                ExecutionLimits.MAX_INLINE_BYTES, "default", sandbox.inlineOutputBytes());
        for (String stream : List.of("stdout_offset", "stderr_offset")) {
            rule("get_execution", stream, "minimum", 0);
        }
        rule("get_execution", "wait_s", "minimum", 0, "maximum", ExecutionRuns.MAX_WAIT_S);
        rule("get_execution", "max_bytes", "minimum", ExecutionRuns.MIN_MAX_BYTES, "maximum",
                ExecutionRuns.MAX_MAX_BYTES, "default", runs.pageBytes());

        rule("search_tools", "query", "maxLength", ToolSearch.MAX_QUERY);
        rule("search_tools", "limit", "minimum", 1, "maximum", ToolSearch.MAX_LIMIT);
        rule("search_tools", "detail", "enum", ToolSearch.DETAILS);

        rule("save_skill", "name", "pattern", "^[A-Za-z_][A-Za-z0-9_]{0," + (SkillDraft.MAX_NAME - 1) + "}$");
        rule("save_skill", "description", "maxLength", SkillDraft.MAX_DESCRIPTION);
        rule("save_skill", "tags", "maxItems", SkillDraft.MAX_TAGS);
        rule("load_skill", "version", "minimum", 1);
        rule("list_skills", "limit", "minimum", 1, "maximum", SkillQuery.MAX_LIMIT);
        rule("list_skills", "offset", "minimum", 0);

        rule("sanitize_pii", "text", "maxLength", pii.maxInputChars());
        rule("sanitize_pii", "min_score", "minimum", 0, "maximum", 1, "default", pii.defaultMinScore());
        rule("restore_pii", "text", "maxLength", pii.maxInputChars());

        for (String tool : List.of("write_workspace_file", "read_workspace_file", "delete_workspace_file")) {
            rule(tool, "path", "minLength", 1, "maxLength", WorkspaceRoot.MAX_PATH_CHARS);
        }
        rule("list_workspace_files", "path", "maxLength", WorkspaceRoot.MAX_PATH_CHARS);
        rule("write_workspace_file", "encoding", "enum", WriteFileRequest.ENCODINGS);
        rule("write_workspace_file", "mode", "enum", WriteFileRequest.MODES);
        rule("read_workspace_file", "encoding", "enum", WriteFileRequest.ENCODINGS);
        rule("read_workspace_file", "offset", "minimum", 0);
        rule("read_workspace_file", "length", "minimum", 0, "maximum", workspace.maxReadBytes(), "default",
                workspace.defaultReadBytes());
        rule("list_workspace_files", "pattern", "maxLength", ListFilesRequest.MAX_PATTERN);
        rule("list_workspace_files", "limit", "minimum", 1, "maximum", ListFilesRequest.MAX_LIMIT);
        rule("list_workspace_files", "offset", "minimum", 0);
    }

    /** Keywords to add to the schema of one argument; empty when it has no bounds beyond its type. */
    public Map<String, Object> of(String tool, String argument) {
        return rules.getOrDefault(tool + "/" + argument, Map.of());
    }

    private void rule(String tool, String argument, Object... keywordsAndValues) {
        Map<String, Object> keywords = rules.computeIfAbsent(tool + "/" + argument, k -> new LinkedHashMap<>());
        for (int i = 0; i < keywordsAndValues.length; i += 2) {
            keywords.put((String) keywordsAndValues[i], keywordsAndValues[i + 1]);
        }
    }
}
