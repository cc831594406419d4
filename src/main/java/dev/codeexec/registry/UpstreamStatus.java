package dev.codeexec.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** Health of one upstream MCP server: state is connected, connecting, failed or idle. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpstreamStatus(String server, String state, int tools, @JsonProperty("last_error") String lastError) {
}
