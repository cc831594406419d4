package dev.codeexec.rest;

import dev.codeexec.registry.RegistryService;
import dev.codeexec.registry.ToolDefinitionView;
import dev.codeexec.registry.ToolSearch;
import dev.codeexec.registry.ToolSearchResult;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** REST mirror of search_tools and get_tool_definition: the same service, the same JSON. */
@Path("/api/v1/tools")
@Produces(MediaType.APPLICATION_JSON)
public class ToolsResource {

    private final RegistryService registry;

    public ToolsResource(RegistryService registry) {
        this.registry = registry;
    }

    @GET
    public ToolSearchResult search(@QueryParam("query") String query, @QueryParam("category") String category,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("limit") String limitText,
            @QueryParam("detail") String detail) {
        Integer limit = QueryParams.integer("limit", limitText);
        return registry.search(new ToolSearch(query, category, limit, detail));
    }

    @GET
    @Path("/{name}")
    public ToolDefinitionView definition(@PathParam("name") String name) {
        return registry.definition(name);
    }
}
