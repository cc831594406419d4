package dev.codeexec.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.codeexec.http.ClientDeparture;
import dev.codeexec.pii.OutputSanitizer;
import dev.codeexec.pii.RunScopes;
import dev.codeexec.sandbox.ExecuteAnswer;
import dev.codeexec.sandbox.ExecuteCommand;
import dev.codeexec.sandbox.ExecutionResult;
import dev.codeexec.sandbox.ExecutionRuns;
import dev.codeexec.sandbox.ExecutionView;
import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.tenant.Caller;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * REST mirror of execute_code, get_execution and cancel_execution: the same services, the same result JSON. A run
 * that goes on in the background answers 202 with its execution id; its events stream is {@link ExecutionEvents}.
 */
@Path("/api/v1/executions")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class ExecutionResource {

    /** Body of POST /api/v1/executions; field names match the MCP tool's arguments. */
    public record ExecutionBody(String code, @JsonProperty("timeout_s") Integer timeoutS, String stdin, String session,
            String vault, @JsonProperty("sanitize_output") Boolean sanitizeOutput, Boolean background,
            @JsonProperty("wait_s") Integer waitS, Boolean fresh, @JsonProperty("max_inline_bytes") Integer maxInlineBytes) {
    }

    private final SandboxService sandbox;
    private final ExecutionRuns runs;
    private final OutputSanitizer sanitizer;
    private final ExecutionEvents events;

    private final RestCallers callers;
    private final RunScopes scopes;
    private final ObjectMapper json;
    private final ClientDeparture departure;

    public ExecutionResource(SandboxService sandbox, ExecutionRuns runs, OutputSanitizer sanitizer,
            ExecutionEvents events, RestCallers callers, RunScopes scopes, ObjectMapper json,
            ClientDeparture departure) {
        this.callers = callers;
        this.scopes = scopes;
        this.departure = departure;
        this.json = json;
        this.sandbox = sandbox;
        this.runs = runs;
        this.sanitizer = sanitizer;
        this.events = events;
    }

    @POST
    public Response execute(ExecutionBody body, @HeaderParam(RestCallers.HEADER) String sessionId) {
        ExecutionBody b = body == null ? new ExecutionBody(null, null, null, null, null, null, null, null, null, null)
                : body;
        boolean sanitize = Boolean.TRUE.equals(b.sanitizeOutput());
        boolean background = Boolean.TRUE.equals(b.background());
        // A persistent session, a run to read later, or tokens from the vault: state this replica must hold.
        boolean stateful = b.session() != null || background || b.waitS() != null || sanitize;
        boolean fresh = Boolean.TRUE.equals(b.fresh());
        Caller caller = Caller.parse(stateful ? callers.stateful(sessionId) : callers.id(sessionId));
        // "new" opens a session; its handle comes back in the answer's session field, to pass on later requests.
        RunScopes.RunScope scope = scopes.scope(caller, b.session(), b.vault(), fresh);
        ExecuteCommand command = new ExecuteCommand(b.code(), b.timeoutS(), b.stdin(), scope.session(), scope.owner(),
                fresh, b.maxInlineBytes(), true);
        if (!background && b.waitS() == null) {
            RunHooks hooks = RunHooks.none();
            try (ClientDeparture.Watch gone = departure.cancelWhenGone(hooks::cancel)) {
                ExecutionResult result = sanitize
                        ? sanitizer.run(command, scope.owner(), c -> sandbox.execute(c, hooks))
                        : sandbox.execute(command, hooks);
                return Response.ok(withHandles(result, scope, sanitize)).build();
            }
        }
        OutputSanitizer.requireSynchronous(sanitize, true);
        ExecutionRuns.requireOneMode(background, b.waitS());
        Object answer = background ? runs.start(command) : awaitPromoted(command, scope.owner(), b.waitS());
        return Response.status(answer instanceof ExecutionView ? Response.Status.ACCEPTED : Response.Status.OK)
                .entity(withHandles(answer, scope, false)).build();
    }

    /** A run answered within {@code waitS}, else promoted; a client gone before the answer never learns its id. */
    private ExecuteAnswer awaitPromoted(ExecuteCommand command, String owner, int waitS) {
        String id = runs.startAwaited(command);
        try (ClientDeparture.Watch gone = departure.cancelWhenGone(() -> runs.requestCancel(owner, id))) {
            return runs.awaitResult(owner, id, waitS);
        }
    }

    /** The answer with the session and vault handles it names, as execute_code's has them. */
    private Object withHandles(Object answer, RunScopes.RunScope scope, boolean sanitized) {
        return scopes.handles(scope, sanitized).addedTo(answer, json);
    }

    /** A long-poll (wait_s) holds no request thread: the answer completes on the run's next change. */
    @GET
    @Path("{id}")
    public CompletionStage<ExecutionView> get(@PathParam("id") String id, @HeaderParam(RestCallers.HEADER) String sessionId,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("stdout_offset") String stdoutOffset,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("stderr_offset") String stderrOffset,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("wait_s") String waitS,
            @Parameter(schema = @Schema(type = SchemaType.INTEGER)) @QueryParam("max_bytes") String maxBytes) {
        CompletableFuture<Void> gone = new CompletableFuture<>();
        CompletionStage<ExecutionView> answer = runs.get(callers.id(sessionId), id,
                Objects.requireNonNullElse(QueryParams.whole("stdout_offset", stdoutOffset), 0L),
                Objects.requireNonNullElse(QueryParams.whole("stderr_offset", stderrOffset), 0L),
                Objects.requireNonNullElse(QueryParams.integer("wait_s", waitS), 0),
                QueryParams.integer("max_bytes", maxBytes), gone);
        // A client that leaves gives its place among the tenant's long-polls back at once, not when wait_s ends.
        ClientDeparture.Watch departed = departure.cancelWhenGone(() -> gone.complete(null));
        return answer.whenComplete((view, failure) -> departed.close());
    }

    /** Server-Sent Events of a run: see {@link ExecutionEvents}. */
    @GET
    @Path("{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    public void events(@PathParam("id") String id, @HeaderParam(RestCallers.HEADER) String sessionId,
            @Context SseEventSink sink, @Context Sse sse) {
        events.stream(runs.watch(callers.id(sessionId), id), sink, sse);
    }

    @DELETE
    @Path("{id}")
    public ExecutionView cancel(@PathParam("id") String id, @HeaderParam(RestCallers.HEADER) String sessionId) {
        return runs.cancel(callers.id(sessionId), id);
    }
}
