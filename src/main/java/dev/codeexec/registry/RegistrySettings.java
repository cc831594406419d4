package dev.codeexec.registry;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Resolved registry settings, so the service can also be built without CDI (plain tests, benchmark). */
public record RegistrySettings(Path dir, boolean watch, Duration watchDebounce, Duration upstreamTimeout,
        Duration upstreamRetryAfter, Duration upstreamRefresh, List<Server> servers) {

    /** One upstream MCP server: a stdio command or an HTTP URL. */
    public record Server(String name, Optional<String> command, List<String> args, Map<String, String> env,
            Optional<String> url) {
    }

    public static RegistrySettings local(Path dir, boolean watch) {
        return new RegistrySettings(dir, watch, Duration.ofMillis(200), Duration.ofSeconds(15),
                Duration.ofSeconds(10), Duration.ofSeconds(60), List.of());
    }
}
