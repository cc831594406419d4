package dev.codeexec.http;

import io.smallrye.config.ConfigMapping;
import java.util.List;
import java.util.Optional;

/** Who may talk to the HTTP side (MCP at /mcp and the REST API). */
@ConfigMapping(prefix = "codeexec.http")
public interface HttpAccessConfig {

    /** Shared secret; when set, every request but health checks must carry it. Defaults to $MCP_EXEC_AUTH_TOKEN. */
    Optional<String> authToken();

    /** Origins allowed besides localhost ones, e.g. https://agent.example.com. */
    Optional<List<String>> allowedOrigins();
}
