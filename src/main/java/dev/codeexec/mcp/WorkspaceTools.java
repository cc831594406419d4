package dev.codeexec.mcp;

import dev.codeexec.workspace.ListFilesRequest;
import dev.codeexec.workspace.ReadFileRequest;
import dev.codeexec.workspace.WorkspaceFiles;
import dev.codeexec.workspace.WorkspaceRoots;
import io.quarkiverse.mcp.server.McpConnection;
import dev.codeexec.workspace.WriteFileRequest;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;

/** MCP adapter for the workspace: the directory execute_code runs in, seen from outside the sandbox. */
public class WorkspaceTools {

    private final WorkspaceRoots roots;
    private final McpCallers callers;
    private final ToolResults results;

    public WorkspaceTools(WorkspaceRoots roots, ToolResults results, McpCallers callers) {
        this.roots = roots;
        this.callers = callers;
        this.results = results;
    }

    @Tool(name = "write_workspace_file", description = """
            Write a workspace file for execute_code. Atomic; makes parent folders; refused over quota.""",
            annotations = @Tool.Annotations(title = "Write workspace file", readOnlyHint = false,
                    destructiveHint = true, idempotentHint = false, openWorldHint = false))
    ToolResponse write(
            String path,
            @ToolArg(description = "Text or base64") String content,
            @ToolArg(defaultValue = "utf-8")
            String encoding,
            @ToolArg(description = "create fails on an existing file", defaultValue = "overwrite") String mode,
            McpConnection connection) {
        return results.call(() -> files(connection).write(new WriteFileRequest(path, content, encoding, mode)));
    }

    @Tool(name = "read_workspace_file", description = """
            Read a page of a workspace file; continue at offset+bytes_returned until eof. Non-UTF-8: \
            encoding=base64.""",
            annotations = @Tool.Annotations(title = "Read workspace file", readOnlyHint = true,
                    destructiveHint = false, idempotentHint = true, openWorldHint = false))
    ToolResponse read(
            @ToolArg String path,
            @ToolArg(defaultValue = "0") long offset,
            @ToolArg(required = false)
            Long length,
            @ToolArg(defaultValue = "utf-8")
            String encoding,
            McpConnection connection) {
        return results.call(() -> files(connection).read(new ReadFileRequest(path, offset, length, encoding)));
    }

    @Tool(name = "list_workspace_files", description = """
            Workspace files and folders with type, size and mtime; paged, with the total.""",
            annotations = @Tool.Annotations(title = "List workspace files", readOnlyHint = true,
                    destructiveHint = false, idempotentHint = true, openWorldHint = false))
    ToolResponse list(
            @ToolArg(defaultValue = ".")
            String path,
            @ToolArg(description = "Glob on names, e.g. *.json", required = false)
            String pattern,
            @ToolArg(defaultValue = "false") boolean recursive,
            @ToolArg(defaultValue = "200") int limit,
            @ToolArg(defaultValue = "0") int offset,
            McpConnection connection) {
        return results.call(() -> files(connection).list(new ListFilesRequest(path, pattern, recursive, limit, offset)));
    }

    @Tool(name = "delete_workspace_file", description = """
            Delete a workspace file or empty folder.""",
            annotations = @Tool.Annotations(title = "Delete workspace file", readOnlyHint = false,
                    destructiveHint = true, idempotentHint = false, openWorldHint = false))
    ToolResponse delete(@ToolArg String path, McpConnection connection) {
        return results.call(() -> files(connection).delete(path));
    }

    /** The caller's tenant's workspace. */
    private WorkspaceFiles files(McpConnection connection) {
        return roots.files(callers.of(connection).tenant());
    }
}
