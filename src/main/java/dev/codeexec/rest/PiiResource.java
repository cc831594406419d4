package dev.codeexec.rest;

import dev.codeexec.InvalidInputException;
import dev.codeexec.pii.PiiService;
import dev.codeexec.pii.RestoreResult;
import dev.codeexec.pii.SanitizeRequest;
import dev.codeexec.pii.SanitizeResult;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * REST mirror of sanitize_pii and restore_pii. REST callers have no MCP session: the vault is the one
 * named by the {@code X-Session-Id} header, or a shared "rest" vault without it.
 */
@Path("/api/v1/pii")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class PiiResource {

    /** Body of POST /api/v1/pii/restore. */
    public record RestoreBody(String text) {
    }


    private final PiiService pii;

    private final RestCallers callers;

    public PiiResource(PiiService pii, RestCallers callers) {
        this.callers = callers;
        this.pii = pii;
    }

    @POST
    @Path("/sanitize")
    public SanitizeResult sanitize(SanitizeRequest body, @HeaderParam("X-Session-Id") String sessionId) {
        return pii.sanitize(body == null ? new SanitizeRequest(null) : body, callers.stateful(sessionId));
    }

    @POST
    @Path("/restore")
    public RestoreResult restore(RestoreBody body, @HeaderParam("X-Session-Id") String sessionId) {
        return pii.restore(body == null ? null : body.text(), callers.stateful(sessionId));
    }

}
