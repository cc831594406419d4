package dev.codeexec.registry;

import dev.codeexec.InvalidInputException;
import dev.codeexec.tenant.Tenants;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The tool registry: local definitions from the registry directory plus tools imported from upstream
 * MCP servers, searchable through one {@link ToolIndex}. Readers see an immutable {@link Catalog}
 * swapped atomically; reindexing is serialized and idempotent.
 */
@Startup
@ApplicationScoped
public class RegistryService implements AutoCloseable {

    private static final int BRIEF_CHARS = 100;

    private static final Logger LOG = Logger.getLogger(RegistryService.class);

    /** Where an imported upstream tool comes from: its server and its name there. */
    record UpstreamRef(String server, String tool) {
    }

    /** Category counts are computed once per publish: a search must not walk every tool. */
    private record Catalog(Map<String, ToolDefinition> tools, Map<String, String> sources,
            Map<String, UpstreamRef> upstream, List<LoadProblem> problems, Map<String, Integer> categories) {
    }

    private final RegistrySettings settings;
    private final RegistryLoader loader;
    private final ToolIndex index = new ToolIndex();
    private final UpstreamServers upstream;
    private RegistryLoader.Snapshot local;
    private Map<String, List<ToolDefinition>> imported = Map.of();
    /** Keeps the upstream servers' tools imported; null without upstream servers. */
    private Thread refresher;
    /** A permit for each time a server said its tool list changed: the refresher lists again at once. */
    private final java.util.concurrent.Semaphore upstreamChanged = new java.util.concurrent.Semaphore(0);
    private volatile Catalog catalog = new Catalog(Map.of(), Map.of(), Map.of(), List.of(), Map.of());
    private RegistryWatcher watcher;

    /** Released once the first load is published; readers wait for it instead of seeing an empty registry. */
    private final CountDownLatch firstLoad = new CountDownLatch(1);

    /** For the server: the first load runs in the background ({@link #start()}), so start-up never waits for it. */
    @Inject
    public RegistryService(RegistryConfig config, Tenants tenants) {
        this(config.toSettings(), false, tenants.served().size());
    }

    /** Loads the registry before returning (tools, tests). */
    public RegistryService(RegistrySettings settings) {
        this(settings, true, 1);
    }

    /** How many tenants callers can reach: with more than one, an upstream server's files may be shared. */
    private final int servedTenants;

    private RegistryService(RegistrySettings settings, boolean loadNow, int servedTenants) {
        this.settings = settings;
        this.servedTenants = servedTenants;
        this.loader = new RegistryLoader(settings.dir());
        this.upstream = new UpstreamServers(settings, upstreamChanged::release);
        if (loadNow) {
            reload();
        }
    }

    /**
     * Loads the registry, starts the directory watcher and connects upstream servers, all in the
     * background: the MCP {@code initialize} answer does not wait for YAML parsing or Lucene.
     */
    @PostConstruct
    public void start() {
        if (firstLoad.getCount() > 0) {
            Thread.ofVirtual().name("registry-load").start(this::reload);
        }
        if (settings.watch() && Files.isDirectory(settings.dir())) {
            try {
                watcher = new RegistryWatcher(settings.dir(), settings.watchDebounce(), this::reload);
            } catch (IOException e) {
                LOG.warnf("registry watcher not started for %s: %s", settings.dir(), e.getClass().getSimpleName());
            }
        }
        if (!upstream.isEmpty()) {
            if (servedTenants > 1) {
                upstream.sharingFiles().forEach(name -> LOG.warnf("upstream server %s: each tenant calls its own "
                        + "process, but its settings name no %s, so files it keeps are shared by the %d tenants; "
                        + "name one per tenant in registry.upstream.%s.args or .env", name, UpstreamServers.TENANT,
                        servedTenants, name));
            }
            refresher = Thread.ofVirtual().name("registry-upstream").start(this::keepUpstreamImported);
        }
    }

    /** Rereads the registry directory and reindexes what changed. */
    public void reload() {
        synchronized (this) {
            local = loader.load();
            publish();
        }
        firstLoad.countDown();
        LOG.infof("registry loaded: %d tools, %d load errors", catalog.tools().size(), catalog.problems().size());
    }

    /**
     * Lists the tools of every upstream server again (reconnecting failed ones) and reindexes each server's as it
     * comes; a server that fails keeps the tools it had, so its callers hear why it is unavailable.
     *
     * @return whether a server has no tools imported yet
     */
    public boolean refreshUpstream() {
        loaded(); // publish() merges with the local tools, so they must have been read first
        upstream.listEach((server, tools) -> {
            synchronized (this) {
                // In the configured order whatever order servers answer in: the first server keeps a shared name.
                Map<String, List<ToolDefinition>> next = new LinkedHashMap<>();
                for (String name : upstream.names()) {
                    List<ToolDefinition> had = name.equals(server) ? tools : imported.get(name);
                    if (had != null) {
                        next.put(name, had);
                    }
                }
                imported = next;
                publish();
            }
        });
        synchronized (this) {
            return !imported.keySet().containsAll(upstream.names());
        }
    }

    /**
     * Imports the upstream servers' tools, then lists them again every {@code registry.upstream-refresh}, and at
     * once when a server says its list changed: a server that was down at start appears once it answers, and a
     * changed list is taken. While a server has none imported, it is tried sooner: after
     * {@code upstream-retry-after}, doubling up to the refresh interval.
     */
    private void keepUpstreamImported() {
        Duration retry = settings.upstreamRetryAfter();
        while (!Thread.currentThread().isInterrupted()) {
            boolean missing = refreshUpstream();
            Duration wait = missing ? retry : settings.upstreamRefresh();
            retry = missing ? min(retry.multipliedBy(2), settings.upstreamRefresh()) : settings.upstreamRetryAfter();
            try {
                if (upstreamChanged.tryAcquire(wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
                    upstreamChanged.drainPermits();
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private void publish() {
        Map<String, ToolDefinition> tools = new TreeMap<>();
        Map<String, String> sources = new LinkedHashMap<>();
        Map<String, UpstreamRef> refs = new LinkedHashMap<>();
        List<LoadProblem> problems = new ArrayList<>(local.problems());
        local.tools().forEach((name, tool) -> {
            tools.put(name, tool.definition());
            sources.put(name, tool.source());
        });
        imported.forEach((server, defs) -> defs.forEach(def -> {
            // A local tool keeps its name; a clashing upstream tool is qualified by its server.
            String name = tools.containsKey(def.name()) ? server + "_" + def.name() : def.name();
            if (tools.containsKey(name)) {
                problems.add(new LoadProblem("upstream:" + server, "tool '" + def.name() + "' clashes with '" + name
                        + "'; skipped"));
                return;
            }
            tools.put(name, name.equals(def.name()) ? def : def.renamed(name));
            refs.put(name, new UpstreamRef(server, def.name()));
        }));
        Map<String, ToolDefinition> old = catalog.tools();
        List<ToolDefinition> upserts = tools.values().stream().filter(d -> !d.equals(old.get(d.name()))).toList();
        List<String> deletes = old.keySet().stream().filter(n -> !tools.containsKey(n)).toList();
        index.apply(upserts, deletes);
        Map<String, Integer> counts = new TreeMap<>();
        tools.values().forEach(t -> counts.merge(t.category(), 1, Integer::sum));
        catalog = new Catalog(Map.copyOf(tools), Map.copyOf(sources), Map.copyOf(refs), List.copyOf(problems),
                java.util.Collections.unmodifiableMap(counts));
    }

    public ToolSearchResult search(ToolSearch request) {
        int limit = request.limit() == null ? ToolSearch.DEFAULT_LIMIT : request.limit();
        if (limit < 1 || limit > ToolSearch.MAX_LIMIT) {
            throw new InvalidInputException("limit", "must be between 1 and " + ToolSearch.MAX_LIMIT + ", got " + limit);
        }
        String detail = request.detail() == null || request.detail().isBlank() ? ToolSearch.DEFAULT_DETAIL
                : request.detail();
        if (!ToolSearch.DETAILS.contains(detail)) {
            throw new InvalidInputException("detail", "must be one of " + String.join(", ", ToolSearch.DETAILS)
                    + "; got '" + InvalidInputException.echo(detail) + "'");
        }
        String query = request.query() == null ? "" : request.query().strip();
        if (query.length() > ToolSearch.MAX_QUERY) {
            throw new InvalidInputException("query", "is longer than " + ToolSearch.MAX_QUERY + " characters");
        }
        Catalog c = loaded();
        String category = request.category() == null || request.category().isBlank() ? null
                : request.category().strip();
        Map<String, Integer> counts = c.categories();
        if (category != null && !counts.containsKey(category)) {
            throw new InvalidInputException("category", "no category '" + InvalidInputException.echo(category) + "'; categories: "
                    + String.join(", ", counts.keySet()), InvalidInputException.Kind.NOT_FOUND);
        }
        if (query.isEmpty() && category == null) {
            List<ToolSearchResult.CategoryCount> categories = new ArrayList<>();
            counts.forEach((name, n) -> categories.add(new ToolSearchResult.CategoryCount(name, n)));
            return new ToolSearchResult(null, categories);
        }
        List<String> names = query.isEmpty()
                // A category browsed without a query: by name, not by the order the files happened to load in.
                ? c.tools().values().stream().filter(t -> t.category().equals(category)).map(ToolDefinition::name)
                        .sorted().limit(limit).toList()
                : index.search(query, category, limit);
        List<ToolSearchResult.Hit> hits = new ArrayList<>();
        for (String name : names) {
            ToolDefinition t = c.tools().get(name);
            if (t != null) {
                hits.add(hit(t, detail));
            }
        }
        return new ToolSearchResult(hits, null);
    }

    private static ToolSearchResult.Hit hit(ToolDefinition t, String detail) {
        return switch (detail) {
            case "name" -> new ToolSearchResult.Hit(t.name(), null, null, null, null, null, null, null, null);
            case "summary" -> new ToolSearchResult.Hit(t.name(), null, brief(t.summary()), null, null, null, null,
                    null, null);
            default -> new ToolSearchResult.Hit(t.name(), t.category(), t.summary(), t.description(), t.inputSchema(),
                    t.outputSchema(), t.examples(), t.tags(), t.origin());
        };
    }

    /** A summary short enough that a page of hits stays a few hundred bytes; full detail has it whole. */
    static String brief(String summary) {
        if (summary.length() <= BRIEF_CHARS) {
            return summary;
        }
        int cut = summary.lastIndexOf(' ', BRIEF_CHARS - 1);
        return summary.substring(0, cut > BRIEF_CHARS / 2 ? cut : BRIEF_CHARS - 1).stripTrailing() + "\u2026";
    }

    public ToolDefinitionView definition(String name) {
        ToolDefinition tool = require(name);
        return new ToolDefinitionView(tool, PythonSnippet.of(tool));
    }

    /** The Python implementation of a registry tool, run by the guest module inside the sandbox. */
    public String source(String name) {
        ToolDefinition tool = require(name);
        if (tool.upstream()) {
            throw new InvalidInputException("name", "'" + name + "' is a tool of upstream server '" + tool.server()
                    + "'; it has no Python source, call it through call_upstream");
        }
        return catalog.sources().get(tool.name());
    }

    /**
     * Calls an imported upstream tool for {@code tenant}, over its own connection to the server; bounded by the
     * upstream timeout, failures are readable refusals ({@link UpstreamCallException}, whose failure says which kind).
     */
    public UpstreamResult callUpstream(String tenant, String name, Map<String, Object> args) {
        ToolDefinition tool = require(name);
        UpstreamRef ref = catalog.upstream().get(tool.name());
        if (ref == null) {
            throw new InvalidInputException("name", "'" + name + "' is a registry tool that runs in the sandbox; "
                    + "call it with tools.call in execute_code");
        }
        return upstream.call(tenant, ref.server(), name, ref.tool(), args == null ? Map.of() : args);
    }

    /** The catalog once the first load is done (waits at most a minute for it at start-up). */
    private Catalog loaded() {
        try {
            firstLoad.await(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return catalog;
    }

    private ToolDefinition require(String name) {
        if (name == null || name.isBlank()) {
            throw new InvalidInputException("name", "is required");
        }
        Catalog c = loaded();
        ToolDefinition tool = c.tools().get(name.strip());
        if (tool == null) {
            // A tool whose file an edit broke is gone from the catalog: say why rather than only that it is missing.
            String stem = name.strip();
            java.util.Optional<LoadProblem> broken = c.problems().stream().filter(p -> {
                String file = p.file().substring(p.file().lastIndexOf('/') + 1);
                return file.equals(stem + ".yaml") || file.equals(stem + ".yml") || file.equals(stem + ".py");
            }).findFirst();
            if (broken.isPresent()) {
                throw new InvalidInputException("name", "no tool named '" + stem + "': registry file "
                        + broken.get().file() + " did not load: " + broken.get().reason(),
                        InvalidInputException.Kind.NOT_FOUND);
            }
            List<String> close = ClosestNames.of(stem, c.tools().keySet(), index);
            throw new InvalidInputException("name", "no tool named '" + InvalidInputException.echo(stem) + "'"
                    + (close.isEmpty() ? "" : "; closest: " + String.join(", ", close))
                    + ". Use search_tools to find tools.", InvalidInputException.Kind.NOT_FOUND);
        }
        return tool;
    }

    public RegistryStats stats() {
        Catalog c = catalog;
        return new RegistryStats(c.tools().size(), c.categories().size(), c.problems(), upstream.statuses());
    }

    @PreDestroy
    @Override
    public void close() {
        if (refresher != null) {
            refresher.interrupt();
        }
        try {
            if (watcher != null) {
                watcher.close();
            }
            index.close();
        } catch (IOException e) {
            LOG.debugf("closing registry: %s", e.getClass().getSimpleName());
        }
        upstream.close();
    }
}
