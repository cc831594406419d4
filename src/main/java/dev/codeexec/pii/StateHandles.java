package dev.codeexec.pii;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.annotation.Nullable;

/**
 * Handles an execute_code answer carries beside the service's own fields: the persistent session and the PII vault
 * the call used, which later calls from any connection of the same tenant pass back. MCP and REST add them alike.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StateHandles(@Nullable String session, @Nullable String vault) {

    /** {@code answer}'s JSON object with the handles that are set added to it; {@code answer} itself without any. */
    public Object addedTo(Object answer, ObjectMapper json) {
        if (session == null && vault == null) {
            return answer;
        }
        ObjectNode node = json.valueToTree(answer);
        node.setAll((ObjectNode) json.valueToTree(this));
        return node;
    }
}
