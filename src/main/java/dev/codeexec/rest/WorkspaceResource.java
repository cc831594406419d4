package dev.codeexec.rest;

import dev.codeexec.workspace.DeleteFileResult;
import dev.codeexec.workspace.ListFilesRequest;
import dev.codeexec.workspace.ListFilesResult;
import dev.codeexec.workspace.ReadFileRequest;
import dev.codeexec.workspace.ReadFileResult;
import dev.codeexec.workspace.WorkspaceFiles;
import dev.codeexec.workspace.WorkspaceRoots;
import dev.codeexec.workspace.WriteFileRequest;
import dev.codeexec.workspace.WriteFileResult;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * REST mirror of the workspace tools. The file path is the rest of the URL; the service confines it
 * exactly as it confines a tool argument.
 */
@Path("/api/v1/workspace/files")
@Produces(MediaType.APPLICATION_JSON)
public class WorkspaceResource {

    /** Body of PUT /api/v1/workspace/files/{path}; the same fields as write_workspace_file. */
    public record WriteBody(String content, String encoding, String mode) {
    }

    private final WorkspaceRoots roots;
    private final RestCallers callers;

    public WorkspaceResource(WorkspaceRoots roots, RestCallers callers) {
        this.roots = roots;
        this.callers = callers;
    }

    /** The caller's tenant's workspace. */
    private WorkspaceFiles files() {
        return roots.files(callers.tenant());
    }

    @GET
    public ListFilesResult list(@QueryParam("path") String path, @QueryParam("pattern") String pattern,
            @Parameter(schema = @Schema(type = SchemaType.BOOLEAN)) @QueryParam("recursive") String recursive,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("limit") String limit,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("offset") String offset) {
        return files().list(new ListFilesRequest(path, pattern, QueryParams.flag("recursive", recursive),
                QueryParams.integer("limit", limit), QueryParams.integer("offset", offset)));
    }

    @GET
    @Path("{path: .+}")
    public ReadFileResult read(@PathParam("path") String path,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("offset") String offset,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("length") String length,
            @QueryParam("encoding") String encoding) {
        return files().read(new ReadFileRequest(path, QueryParams.whole("offset", offset),
                QueryParams.whole("length", length), encoding));
    }

    @PUT
    @Path("{path: .+}")
    @Consumes(MediaType.APPLICATION_JSON)
    public WriteFileResult write(@PathParam("path") String path, WriteBody body,
            @jakarta.ws.rs.core.Context io.vertx.core.http.HttpServerRequest http) {
        WriteBody b = body == null ? new WriteBody(null, null, null) : body;
        // The router drops a trailing slash before matching; pass it on, so the service refuses a directory name.
        String sent = http.path().endsWith("/") && !path.endsWith("/") ? path + "/" : path;
        return files().write(new WriteFileRequest(sent, b.content(), b.encoding(), b.mode()));
    }

    @DELETE
    @Path("{path: .+}")
    public DeleteFileResult delete(@PathParam("path") String path) {
        return files().delete(path);
    }
}
