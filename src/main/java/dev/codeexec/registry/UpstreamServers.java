package dev.codeexec.registry;

import dev.codeexec.tenant.Tenants;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.json.JsonMapper;

/**
 * The configured upstream MCP servers: their connections, imported tools and health. Each tenant calls a server over a
 * connection of its own (a process of its own for a command), with {@value #TENANT} in the server's arguments,
 * environment and URL replaced by the tenant's name: over one shared connection a stateful server, such as a memory
 * server's graph, carried one tenant's data to another. The tools are listed over tenant {@code local}'s connection; any
 * other tenant's is made at its first call.
 */
final class UpstreamServers implements AutoCloseable {

    private final RegistrySettings settings;
    private final McpJsonMapper mapper;
    private final Runnable toolsChanged;
    /** Stands for the calling tenant's name in a server's arguments, environment values and URL. */
    static final String TENANT = "{tenant}";

    /** The connection each server's tools are listed over: tenant local's. */
    private final Map<String, UpstreamConnection> connections = new LinkedHashMap<>();
    /** The servers as configured, {@value #TENANT} unreplaced. */
    private final Map<String, RegistrySettings.Server> servers = new LinkedHashMap<>();
    /** Per server, the connection of each tenant other than local that called it. */
    private final Map<String, Map<String, UpstreamConnection>> byTenant = new java.util.concurrent.ConcurrentHashMap<>();
    // Virtual threads: a stuck upstream request parks cheaply while its caller has already given up.
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    /** @param toolsChanged told when a server says its tool list changed; must return at once */
    UpstreamServers(RegistrySettings settings, Runnable toolsChanged) {
        this.settings = settings;
        this.toolsChanged = toolsChanged;
        this.mapper = new JacksonMcpJsonMapper(JsonMapper.builder().build());
        for (RegistrySettings.Server server : settings.servers()) {
            connections.put(server.name(), connect(server, Tenants.LOCAL));
            byTenant.put(server.name(), new java.util.concurrent.ConcurrentHashMap<>());
            servers.put(server.name(), server);
        }
    }

    private UpstreamConnection connect(RegistrySettings.Server server, String tenant) {
        RegistrySettings.Server own = new RegistrySettings.Server(server.name(), server.command(),
                server.args().stream().map(a -> a.replace(TENANT, tenant)).toList(),
                server.env().entrySet().stream().collect(java.util.stream.Collectors.toMap(Map.Entry::getKey,
                        e -> e.getValue().replace(TENANT, tenant))),
                server.url().map(u -> u.replace(TENANT, tenant)));
        return new UpstreamConnection(own, settings.upstreamTimeout(), settings.upstreamRetryAfter(), mapper,
                executor, toolsChanged);
    }

    /**
     * The command servers whose settings name no tenant: each tenant's process of such a server still reads and
     * writes the same files (a memory server's graph file).
     */
    List<String> sharingFiles() {
        return servers.values().stream().filter(s -> s.command().isPresent())
                .filter(s -> s.args().stream().noneMatch(a -> a.contains(TENANT))
                        && s.env().values().stream().noneMatch(v -> v.contains(TENANT)))
                .map(RegistrySettings.Server::name).toList();
    }

    boolean isEmpty() {
        return connections.isEmpty();
    }

    /** The servers' names, in the order they are configured: the order their tools claim names in. */
    List<String> names() {
        return List.copyOf(connections.keySet());
    }

    /**
     * Lists the tools of every server in parallel, handing each server's list to {@code listed} as it comes, so one
     * slow or dead server does not delay the others' tools; a server that fails hands none, and its status says
     * why. Returns once every server has answered or failed.
     */
    void listEach(java.util.function.BiConsumer<String, List<ToolDefinition>> listed) {
        List<java.util.concurrent.Future<?>> pending = new ArrayList<>();
        connections.values().forEach(c -> pending.add(executor.submit(() -> {
            try {
                listed.accept(c.name(), c.listTools());
            } catch (UpstreamCallException e) {
                // Recorded in its status; its tools stay as they were.
            }
        })));
        for (java.util.concurrent.Future<?> future : pending) {
            try {
                future.get();
            } catch (java.util.concurrent.ExecutionException e) {
                // A failed listing hands nothing.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Calls {@code tool} of {@code server} for {@code tenant}, over that tenant's own connection. */
    UpstreamResult call(String tenant, String server, String registryName, String tool, Map<String, Object> args) {
        UpstreamConnection listing = connections.get(server);
        if (listing == null) {
            throw new UpstreamCallException(registryName, UpstreamCallException.Failure.UNAVAILABLE,
                    "upstream server '" + server + "' is not configured");
        }
        UpstreamConnection c = Tenants.LOCAL.equals(tenant) ? listing
                : byTenant.get(server).computeIfAbsent(tenant, t -> connect(servers.get(server), t));
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
        byTenant.values().forEach(tenants -> tenants.values().forEach(UpstreamConnection::close));
        executor.shutdownNow();
    }
}
