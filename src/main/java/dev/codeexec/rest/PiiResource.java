package dev.codeexec.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.codeexec.pii.CallerPii;
import dev.codeexec.pii.RestoreResult;
import dev.codeexec.pii.SanitizeRequest;
import dev.codeexec.pii.SanitizeResult;
import dev.codeexec.tenant.Caller;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * REST mirror of sanitize_pii and restore_pii, field for field: {@code vault} names the vault a call uses, as the tools'
 * argument does, and sanitize answers with it. Without it the vault is the caller's own: the one named by the
 * {@code X-Session-Id} header, or a shared "rest" vault of the tenant without it.
 */
@Path("/api/v1/pii")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class PiiResource {

    /** Body of POST /api/v1/pii/sanitize; field names match the MCP tool's arguments. */
    public record SanitizeBody(String text, List<String> entities, @JsonProperty("min_score") Double minScore,
            String vault) {
    }

    /** Body of POST /api/v1/pii/restore. */
    public record RestoreBody(String text, String vault) {
    }

    private final CallerPii pii;
    private final RestCallers callers;

    public PiiResource(CallerPii pii, RestCallers callers) {
        this.callers = callers;
        this.pii = pii;
    }

    @POST
    @Path("/sanitize")
    public SanitizeResult sanitize(SanitizeBody body, @HeaderParam(RestCallers.HEADER) String sessionId) {
        SanitizeBody b = body == null ? new SanitizeBody(null, null, null, null) : body;
        return pii.sanitize(caller(sessionId), new SanitizeRequest(b.text(), b.entities(), b.minScore()), b.vault());
    }

    @POST
    @Path("/restore")
    public RestoreResult restore(RestoreBody body, @HeaderParam(RestCallers.HEADER) String sessionId) {
        RestoreBody b = body == null ? new RestoreBody(null, null) : body;
        return pii.restore(caller(sessionId), b.text(), b.vault());
    }

    /** The caller, whose own vault this replica now holds (a handle names its replica itself). */
    private Caller caller(String sessionId) {
        return Caller.parse(callers.stateful(sessionId));
    }
}
