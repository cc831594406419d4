package dev.codeexec.mcp;

import dev.codeexec.InvalidInputException;
import dev.codeexec.workspace.WorkspaceResource;
import dev.codeexec.workspace.WorkspaceRoots;
import io.quarkiverse.mcp.server.BlobResourceContents;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.McpException;
import io.quarkiverse.mcp.server.RequestUri;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.ResourceTemplate;
import io.quarkiverse.mcp.server.ResourceTemplateArg;
import io.quarkiverse.mcp.server.TextResourceContents;
import java.util.List;

/**
 * MCP adapter serving the caller's tenant's workspace files as resources, so every resource link execute_code returns
 * can be read: a path is checked exactly as read_workspace_file checks it, and a file of another tenant is simply not
 * in the caller's workspace. Refusals are JSON-RPC errors carrying the service's message.
 */
public class WorkspaceResources {

    private final WorkspaceRoots roots;
    private final McpCallers callers;

    public WorkspaceResources(WorkspaceRoots roots, McpCallers callers) {
        this.roots = roots;
        this.callers = callers;
    }

    @ResourceTemplate(name = "workspace_file", uriTemplate = ResourceLinks.TEMPLATE, title = "Workspace file",
            description = "A file of your workspace, whole; path is workspace-relative with / as %2F. Larger files: "
                    + "read_workspace_file.")
    ResourceResponse read(@ResourceTemplateArg(name = "path") String path, RequestUri uri, McpConnection connection) {
        WorkspaceResource file;
        try {
            file = roots.files(callers.of(connection).tenant()).readWhole(ResourceLinks.path(path));
        } catch (InvalidInputException e) {
            throw new McpException(e.getMessage(), e.kind() == InvalidInputException.Kind.NOT_FOUND
                    ? JsonRpcErrorCodes.RESOURCE_NOT_FOUND : JsonRpcErrorCodes.INVALID_PARAMS);
        }
        return new ResourceResponse(List.of(file.isText()
                ? new TextResourceContents(uri.value(), file.text(), "text/plain")
                : new BlobResourceContents(uri.value(), java.util.Base64.getEncoder().encodeToString(file.bytes()),
                        "application/octet-stream")));
    }
}
