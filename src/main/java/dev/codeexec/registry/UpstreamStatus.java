package dev.codeexec.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.annotation.Nullable;
import java.time.Instant;

/**
 * Health of one upstream MCP server: state is connected, connecting, failed or idle; after a failure,
 * {@code retry_at} is when the next use may reconnect (calls before it fail at once with the last error).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpstreamStatus(String server, String state, int tools,
        @Nullable @JsonProperty("last_error") String lastError,
        @Nullable @JsonProperty("retry_at") Instant retryAt) {
}
