package dev.codeexec.registry;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Operator settings under {@code registry.*}; defaults are listed in docs/registry.md. */
@ConfigMapping(prefix = "registry")
public interface RegistryConfig {

    /** Directory of category folders holding tool definitions. */
    @WithDefault("registry")
    Path dir();

    /** Watch the directory and reindex on change; reload() works either way. */
    @WithDefault("true")
    boolean watch();

    /** Quiet time after the last file event before reindexing, so an editor's burst of writes reloads once. */
    @WithDefault("300ms")
    Duration watchDebounce();

    /** Limit for each upstream request: initialize, tools/list and tools/call. */
    @WithDefault("15s")
    Duration upstreamTimeout();

    /** After a failed connect, calls fail fast with the recorded error for this long before a retry. */
    @WithDefault("10s")
    Duration upstreamRetryAfter();

    /** How often every upstream server's tools are listed again: a server down at start, or a changed list. */
    @WithDefault("60s")
    Duration upstreamRefresh();

    /** Upstream MCP servers by name; the name becomes their tools' category. */
    Map<String, Upstream> upstream();

    interface Upstream {
        /** stdio: the command to start (e.g. npx); exclusive with url. */
        Optional<String> command();

        Optional<List<String>> args();

        /** Environment variables for the stdio process. */
        Map<String, String> env();

        /** Streamable HTTP endpoint (e.g. http://host:3001/mcp); exclusive with command. */
        Optional<String> url();
    }

    default RegistrySettings toSettings() {
        Map<String, RegistrySettings.Server> servers = new java.util.TreeMap<>();
        upstream().forEach((name, u) -> servers.put(name, new RegistrySettings.Server(name, u.command(),
                u.args().orElse(List.of()), Map.copyOf(u.env()), u.url())));
        return new RegistrySettings(dir(), watch(), watchDebounce(), upstreamTimeout(), upstreamRetryAfter(),
                upstreamRefresh(),
                List.copyOf(servers.values()));
    }
}
