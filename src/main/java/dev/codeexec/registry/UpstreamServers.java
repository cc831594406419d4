package dev.codeexec.registry;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.json.JsonMapper;

/** The configured upstream MCP servers: their connections, imported tools and health. */
final class UpstreamServers implements AutoCloseable {

    private final Map<String, UpstreamConnection> connections = new LinkedHashMap<>();
    // Virtual threads: a stuck upstream request parks cheaply while its caller has already given up.
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    UpstreamServers(RegistrySettings settings) {
        McpJsonMapper mapper = new JacksonMcpJsonMapper(JsonMapper.builder().build());
        for (RegistrySettings.Server server : settings.servers()) {
            connections.put(server.name(), new UpstreamConnection(server, settings.upstreamTimeout(),
                    settings.upstreamRetryAfter(), mapper, executor));
        }
    }

    boolean isEmpty() {
        return connections.isEmpty();
    }

    /**
     * Lists the tools of every server; a failing server contributes none and its status says why.
     *
     * @return tools by server name
     */
    Map<String, List<ToolDefinition>> listAll() {
        // In parallel, so one slow or dead server does not delay the others' tools.
        Map<String, java.util.concurrent.Future<List<ToolDefinition>>> pending = new LinkedHashMap<>();
        connections.values().forEach(c -> pending.put(c.name(), executor.submit(() -> listOrNone(c))));
        Map<String, List<ToolDefinition>> out = new LinkedHashMap<>();
        pending.forEach((name, future) -> {
            try {
                out.put(name, future.get());
            } catch (java.util.concurrent.ExecutionException e) {
                out.put(name, List.of());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                out.put(name, List.of());
            }
        });
        return out;
    }

    private static List<ToolDefinition> listOrNone(UpstreamConnection c) {
        try {
            return c.listTools();
        } catch (UpstreamUnavailableException e) {
            return List.of();
        }
    }

    Object call(String server, String registryName, String tool, Map<String, Object> args) {
        UpstreamConnection c = connections.get(server);
        if (c == null) {
            throw new UpstreamUnavailableException(registryName, "upstream server '" + server + "' is not configured");
        }
        return c.call(registryName, tool, args);
    }

    List<UpstreamStatus> statuses() {
        List<UpstreamStatus> out = new ArrayList<>();
        connections.values().forEach(c -> out.add(c.status()));
        return out;
    }

    @Override
    public void close() {
        connections.values().forEach(UpstreamConnection::close);
        executor.shutdownNow();
    }
}
