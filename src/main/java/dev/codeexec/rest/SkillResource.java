package dev.codeexec.rest;

import dev.codeexec.skills.DeletedSkill;
import dev.codeexec.skills.SavedSkill;
import dev.codeexec.skills.Skill;
import dev.codeexec.skills.SkillDraft;
import dev.codeexec.skills.SkillExport;
import dev.codeexec.skills.SkillExporter;
import dev.codeexec.skills.SkillPage;
import dev.codeexec.skills.SkillQuery;
import dev.codeexec.skills.SkillStore;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** REST mirror of the skill tools: the same store, the same records. */
@Path("/api/v1/skills")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class SkillResource {

    /** Body of POST /api/v1/skills; field names match save_skill's arguments. */
    public record SkillBody(String name, String description, String code, List<String> tags,
            Map<String, Object> parameters) {
    }

    private final SkillStore store;
    private final SkillExporter exporter;
    private final RestCallers callers;

    public SkillResource(SkillStore store, SkillExporter exporter, RestCallers callers) {
        this.store = store;
        this.callers = callers;
        this.exporter = exporter;
    }

    @GET
    public SkillPage list(@QueryParam("query") String query, @QueryParam("tag") String tag,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("limit") String limit,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("offset") String offset) {
        return store.list(callers.tenant(), new SkillQuery(query, tag, QueryParams.integer("limit", limit),
                QueryParams.integer("offset", offset)));
    }

    @GET
    @Path("/{name}")
    public Skill get(@PathParam("name") String name,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("version") String version) {
        return store.load(callers.tenant(), name, QueryParams.integer("version", version));
    }

    @POST
    public Response save(SkillBody body) {
        SkillBody b = body == null ? new SkillBody(null, null, null, null, null) : body;
        // REST callers have no MCP connection: versions they save are attributed to this API, within their tenant.
        SavedSkill saved = store.save(callers.tenant(), new SkillDraft(b.name(), b.description(), b.code(), b.tags(),
                b.parameters(), callers.id(null)));
        return Response.created(URI.create("/api/v1/skills/" + saved.name() + "?version=" + saved.version()))
                .entity(saved).build();
    }

    @DELETE
    @Path("/{name}")
    public DeletedSkill delete(@PathParam("name") String name) {
        return store.delete(callers.tenant(), name);
    }

    /** Writes the newest version of every skill to the configured export directory. */
    @POST
    @Path("/export")
    @Consumes(MediaType.WILDCARD)
    public SkillExport export() {
        return exporter.exportAll(callers.tenant());
    }
}
