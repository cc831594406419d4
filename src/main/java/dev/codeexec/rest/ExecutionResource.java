package dev.codeexec.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.SandboxService;
import jakarta.ws.rs.Consumes;
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
    public record ExecutionBody(String code, @JsonProperty("timeout_s") Integer timeoutS, String stdin, String session) {
    }

    /** REST callers have no MCP connection; their sessions and per-caller stats share this owner. */
    static final String REST_OWNER = "rest";

    private final SandboxService sandbox;

    public ExecutionResource(SandboxService sandbox) {
        this.sandbox = sandbox;
    }

    @POST
    public ExecutionResult execute(ExecutionBody body) {
        ExecutionBody b = body == null ? new ExecutionBody(null, null, null, null) : body;
        return sandbox.execute(new ExecuteCommand(b.code(), b.timeoutS(), b.stdin(), b.session(), REST_OWNER));
    }
}
