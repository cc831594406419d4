package dev.codeexec.mcp;

import dev.codeexec.workspace.DeleteFileResult;
import dev.codeexec.workspace.ListFilesRequest;
import dev.codeexec.workspace.ListFilesResult;
import dev.codeexec.workspace.ReadFileRequest;
import dev.codeexec.workspace.ReadFileResult;
import dev.codeexec.workspace.WorkspaceFiles;
import dev.codeexec.workspace.WriteFileRequest;
import dev.codeexec.workspace.WriteFileResult;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;

/** MCP adapter for the workspace: the directory execute_code runs in, seen from outside the sandbox. */
public class WorkspaceTools {

    private final WorkspaceFiles files;
    private final ToolResults results;

    public WorkspaceTools(WorkspaceFiles files, ToolResults results) {
        this.files = files;
        this.results = results;
    }

    @Tool(name = "write_workspace_file", description = """
            Write a file into the workspace, the directory execute_code runs in, so code can read it (open('data.csv')). \
            Use it to hand data to code without putting it in the code itself. Atomic: readers see the old or the new \
            file, never a mix; parent folders are created. mode=append adds to the end, mode=create fails if the file \
            exists. Returns the file's size and SHA-256 after the write. Fails (nothing changed) on a path outside the \
            workspace or when a quota (file size, total bytes, file count) would be exceeded.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = WriteFileResult.class),
            annotations = @Tool.Annotations(title = "Write workspace file", readOnlyHint = false,
                    destructiveHint = true, idempotentHint = false, openWorldHint = false))
    ToolResponse write(
            @ToolArg(description = "File path relative to the workspace root, e.g. data/in.csv; up to 1024 characters, "
                    + "no absolute paths or '..' escapes") String path,
            @ToolArg(description = "The file content: text, or base64 when encoding=base64; up to the file quota "
                    + "(64 MiB by default)") String content,
            @ToolArg(description = "utf-8 (default) for text, base64 for binary content", defaultValue = "utf-8")
            String encoding,
            @ToolArg(description = "overwrite (default), append, or create (fail if the file exists)",
                    defaultValue = "overwrite") String mode) {
        return results.call(() -> files.write(new WriteFileRequest(path, content, encoding, mode)));
    }

    @Tool(name = "read_workspace_file", description = """
            Read a workspace file, for example one that execute_code produced. Reads at most 1 MiB per call: page \
            through larger files with offset += bytes_returned until eof is true. total_bytes and sha256_of_file \
            describe the whole file. With encoding=utf-8 a page never splits a character (it may return a few bytes \
            less than asked); a file that is not UTF-8 text fails with a hint to use encoding=base64.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = ReadFileResult.class),
            annotations = @Tool.Annotations(title = "Read workspace file", readOnlyHint = true, openWorldHint = false))
    ToolResponse read(
            @ToolArg(description = "File path relative to the workspace root") String path,
            @ToolArg(description = "First byte to read, 0 or more", defaultValue = "0") long offset,
            @ToolArg(description = "Bytes to read, 0 to 1048576; default: up to 1048576", required = false)
            Long length,
            @ToolArg(description = "utf-8 (default) to get text, base64 for binary files", defaultValue = "utf-8")
            String encoding) {
        return results.call(() -> files.read(new ReadFileRequest(path, offset, length, encoding)));
    }

    @Tool(name = "list_workspace_files", description = """
            List files and folders in the workspace, sorted by path, with type, size and modification time. \
            Use pattern to filter by file name (glob, e.g. *.csv) and recursive=true to include subfolders. \
            Paged: total is the number of matches; ask again with offset to see more. Symlinks are listed, not followed.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = ListFilesResult.class),
            annotations = @Tool.Annotations(title = "List workspace files", readOnlyHint = true, openWorldHint = false))
    ToolResponse list(
            @ToolArg(description = "Folder relative to the workspace root; default '.' (the root)", defaultValue = ".")
            String path,
            @ToolArg(description = "Glob on file names, e.g. *.json; up to 256 characters", required = false)
            String pattern,
            @ToolArg(description = "Include subfolders, default false", defaultValue = "false") boolean recursive,
            @ToolArg(description = "Entries per page, 1 to 1000", defaultValue = "200") int limit,
            @ToolArg(description = "Entries to skip, 0 or more", defaultValue = "0") int offset) {
        return results.call(() -> files.list(new ListFilesRequest(path, pattern, recursive, limit, offset)));
    }

    @Tool(name = "delete_workspace_file", description = """
            Delete a file (or an empty folder) from the workspace. Fails if the path does not exist, is a folder \
            that still holds files, or lies outside the workspace.""",
            structuredContent = true,
            outputSchema = @Tool.OutputSchema(from = DeleteFileResult.class),
            annotations = @Tool.Annotations(title = "Delete workspace file", readOnlyHint = false,
                    destructiveHint = true, idempotentHint = false, openWorldHint = false))
    ToolResponse delete(@ToolArg(description = "File or empty folder path relative to the workspace root") String path) {
        return results.call(() -> files.delete(path));
    }
}
