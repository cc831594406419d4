package dev.codeexec.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.codeexec.pii.OutputSanitizer;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.SandboxService;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** REST mirror of execute_code: the same service, the same result JSON. */
@Path("/api/v1/executions")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class ExecutionResource {

    /** Body of POST /api/v1/executions; field names match the MCP tool's arguments. */
    public record ExecutionBody(String code, @JsonProperty("timeout_s") Integer timeoutS, String stdin, String session,
            @JsonProperty("sanitize_output") Boolean sanitizeOutput) {
    }

    private final SandboxService sandbox;
    private final OutputSanitizer sanitizer;

    private final RestCallers callers;

    public ExecutionResource(SandboxService sandbox, OutputSanitizer sanitizer, RestCallers callers) {
        this.callers = callers;
        this.sandbox = sandbox;
        this.sanitizer = sanitizer;
    }

    @POST
    public ExecutionResult execute(ExecutionBody body, @HeaderParam(RestCallers.HEADER) String sessionId) {
        ExecutionBody b = body == null ? new ExecutionBody(null, null, null, null, null) : body;
        String caller = callers.id(sessionId);
        ExecutionResult result = sandbox.execute(new ExecuteCommand(b.code(), b.timeoutS(), b.stdin(), b.session(), caller,
                b.session() == null));
        return Boolean.TRUE.equals(b.sanitizeOutput()) ? sanitizer.sanitize(result, caller) : result;
    }
}
