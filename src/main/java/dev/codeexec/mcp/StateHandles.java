package dev.codeexec.mcp;

import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.annotation.Nullable;

/**
 * Handles a tool result carries beside the service's own fields: the persistent session and the PII vault the call
 * used, which later calls from any connection of the same tenant pass back.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StateHandles(@Nullable String session, @Nullable String vault) {

    public static final StateHandles NONE = new StateHandles(null, null);
}
