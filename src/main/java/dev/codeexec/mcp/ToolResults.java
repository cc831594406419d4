package dev.codeexec.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.codeexec.pii.StateHandles;
import dev.codeexec.InvalidInputException;
import dev.codeexec.sandbox.SandboxBusyException;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Turns a service call into a tool response: its record as structured content and, for clients that
 * read only text, the same JSON as text; a refusal (invalid input, busy) as a tool error carrying the
 * service's message. Anything else is a bug and propagates.
 */
@ApplicationScoped
public class ToolResults {

    private final ObjectMapper json;

    public ToolResults(ObjectMapper json) {
        this.json = json;
    }

    public ToolResponse call(Supplier<?> service) {
        Object result;
        try {
            result = service.get();
        } catch (InvalidInputException | SandboxBusyException e) {
            return ToolResponse.error(e.getMessage());
        }
        return structured(result);
    }

    /** A service answer that completes later (a long-poll), mapped as {@link #call} maps one given at once. */
    public Uni<ToolResponse> later(Supplier<? extends CompletionStage<?>> service) {
        CompletionStage<?> answer;
        try {
            answer = service.get();
        } catch (InvalidInputException | SandboxBusyException e) {
            return Uni.createFrom().item(ToolResponse.error(e.getMessage()));
        }
        return Uni.createFrom().completionStage(answer).map(this::structured);
    }

    private ToolResponse structured(Object result) {
        try {
            return new ToolResponse(false, List.of(new TextContent(json.writeValueAsString(result))), result, null);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("result is not serializable: " + result.getClass().getSimpleName(), e);
        }
    }

    /** {@code result} with the handles that are set added to its JSON object. */
    public Object withHandles(Object result, StateHandles handles) {
        return handles.addedTo(result, json);
    }

    /** A plain-text answer, with refusals mapped the same way. */
    public ToolResponse text(Supplier<String> service) {
        try {
            return ToolResponse.success(service.get());
        } catch (InvalidInputException | SandboxBusyException e) {
            return ToolResponse.error(e.getMessage());
        }
    }
}
