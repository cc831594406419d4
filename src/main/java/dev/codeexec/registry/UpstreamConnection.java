package dev.codeexec.registry;

import dev.codeexec.StderrTail;
import dev.codeexec.registry.UpstreamCallException.Failure;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * One upstream MCP server as an SDK client. Connects lazily, bounds every request (the SDK's own timeout
 * plus a guard of ours, so even a stuck transport cannot hang a caller), and after a failure answers
 * with the recorded error until {@code retryAfter} has passed, then reconnects on the next use.
 */
final class UpstreamConnection implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(UpstreamConnection.class);
    private static final Duration GUARD_SLACK = Duration.ofSeconds(2);
    /** How long a server whose tool call timed out gets to answer ping before its connection is given up. */
    private static final Duration PING_WAIT = Duration.ofSeconds(3);
    /** How long a failed request waits to see whether the stdio server's process is ending. */
    private static final Duration EXIT_WAIT = Duration.ofSeconds(1);

    private final RegistrySettings.Server server;
    private final Duration timeout;
    private final Duration retryAfter;
    private final McpJsonMapper mapper;
    private final ExecutorService executor;
    private final Runnable toolsChanged;

    private McpSyncClient client;
    /** Completes when the connected stdio server's process ends: calls in flight then fail at once. */
    private CompletableFuture<Void> exited = new CompletableFuture<>();
    /** For the caller when the server dies; never logged: a server's stderr may echo the data it was given. */
    private final StderrTail stderr = new StderrTail();
    private volatile String state = "idle";
    private volatile String lastError;
    private volatile Instant failedAt;
    private volatile int toolCount;

    /** @param toolsChanged told when the server says its tool list changed; must return at once */
    UpstreamConnection(RegistrySettings.Server server, Duration timeout, Duration retryAfter, McpJsonMapper mapper,
            ExecutorService executor, Runnable toolsChanged) {
        this.toolsChanged = toolsChanged;
        this.server = server;
        this.timeout = timeout;
        this.retryAfter = retryAfter;
        this.mapper = mapper;
        this.executor = executor;
    }

    String name() {
        return server.name();
    }

    UpstreamStatus status() {
        Instant failed = failedAt;
        return new UpstreamStatus(server.name(), state, toolCount, lastError,
                failed == null ? null : failed.plus(retryAfter));
    }

    /** tools/list (all pages), as registry definitions under the server's category. */
    List<ToolDefinition> listTools() {
        List<ToolDefinition> out = new ArrayList<>();
        String cursor = null;
        do {
            String page = cursor;
            McpSchema.ListToolsResult result = request("tools/list", c -> page == null ? c.listTools()
                    : c.listTools(page));
            for (McpSchema.Tool tool : result.tools()) {
                out.add(UpstreamDefinitions.of(server.name(), tool));
            }
            cursor = result.nextCursor();
        } while (cursor != null && !cursor.isEmpty());
        toolCount = out.size();
        return out;
    }

    /** tools/call; a tool-level error (isError) is reported to the caller with the server's text. */
    UpstreamResult call(String registryName, String tool, Map<String, Object> args) {
        McpSchema.CallToolResult result = request("tools/call",
                c -> c.callTool(new McpSchema.CallToolRequest(tool, args)));
        if (Boolean.TRUE.equals(result.isError())) {
            throw new UpstreamCallException(registryName, Failure.TOOL_FAILED, "upstream tool '" + tool
                    + "' on server '" + server.name() + "' failed: " + UpstreamResult.failureText(result));
        }
        return UpstreamResult.of(result, mapper);
    }

    private <T> T request(String what, Function<McpSyncClient, T> op) {
        try {
            return attempt(what, op);
        } catch (SessionGone gone) {
            // The server forgot the session (an HTTP server that restarted answers 404): a client starts a new one.
            LOG.infof("upstream server %s: its session is gone; opening a new one", server.name());
        }
        try {
            return attempt(what, op);
        } catch (SessionGone again) {
            throw fail(Failure.UNAVAILABLE, what + " failed: the server dropped a new session too");
        }
    }

    /** The server no longer knows the connection's session; the connection was dropped without a lockout. */
    private static final class SessionGone extends RuntimeException {
        SessionGone() {
            super(null, null, false, false);
        }
    }

    private <T> T attempt(String what, Function<McpSyncClient, T> op) {
        McpSyncClient c;
        CompletableFuture<Void> ended;
        synchronized (this) {
            c = connected();
            ended = exited;
        }
        CompletableFuture<T> future = CompletableFuture.supplyAsync(() -> op.apply(c), executor);
        try {
            CompletableFuture.anyOf(future, ended).get(timeout.plus(GUARD_SLACK).toMillis(), TimeUnit.MILLISECONDS);
            if (!future.isDone()) {
                future.cancel(true);
                throw exitedDuring(what);
            }
            return future.get();
        } catch (TimeoutException e) {
            future.cancel(true);
            throw timedOut(what, c);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof McpError refused) {
                // The server answered: it is up, it just rejected this request (e.g. invalid arguments).
                throw new UpstreamCallException(server.name(), Failure.TOOL_FAILED, "upstream server '"
                        + server.name() + "' refused " + what + ": " + refused.getMessage());
            }
            if (rootCause(e.getCause()) instanceof TimeoutException) {
                throw timedOut(what, c);
            }
            if (endsNow(ended)) {
                // The SDK saw the server's output end before the process was seen gone.
                throw exitedDuring(what);
            }
            if (server.url().isPresent() && sessionGone(e.getCause())) {
                forget(c, "idle");
                throw new SessionGone();
            }
            throw fail(Failure.UNAVAILABLE, what + " failed: " + reason(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UpstreamCallException(server.name(), Failure.UNAVAILABLE, "interrupted while calling upstream");
        }
    }

    /**
     * A request that outlived the timeout. A tool call that takes too long is that call's failure: if the server
     * still answers ping, its connection, and the other calls on it, go on. Anything else, or a server that no
     * longer answers, fails the connection.
     */
    private UpstreamCallException timedOut(String what, McpSyncClient c) {
        String message = what + " timed out after " + timeout.toSeconds() + " s (registry.upstream-timeout)";
        if (!what.equals("tools/call")) {
            return fail(Failure.UNAVAILABLE, message);
        }
        CompletableFuture<Object> ping = CompletableFuture.supplyAsync(c::ping, executor);
        try {
            ping.get(PING_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            ping.cancel(true);
            return fail(Failure.TIMEOUT, message + ", and the server no longer answers ping");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new UpstreamCallException(server.name(), Failure.UNAVAILABLE, "interrupted while calling upstream");
        }
        return new UpstreamCallException(server.name(), Failure.TIMEOUT, "upstream server '" + server.name() + "': "
                + message + "; the server is up (it answers ping): the tool took longer, or its answer could not be "
                + "read");
    }

    /** Whether the SDK gave up the session: the server answered 404 for it, or closed it. */
    private static boolean sessionGone(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof io.modelcontextprotocol.spec.McpTransportSessionNotFoundException
                    || t instanceof io.modelcontextprotocol.spec.McpTransportSessionClosedException
                    || "MCP session with server terminated".equals(t.getMessage())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Forgets {@code which} if it is still the connection, without marking the server down: the next request connects
     * again. Whether it was.
     */
    private synchronized boolean forget(McpSyncClient which, String newState) {
        if (client != which) {
            return false;
        }
        client = null;
        state = newState;
        discard(which);
        return true;
    }

    /**
     * Closes a client the connection gives up. The SDK's close throws (a NullPointerException) when the client's
     * session already ended, as it has when an HTTP server that restarted answered 404 for it; the client is dropped
     * either way, and that must not replace what the caller is told or keep the next attempt from connecting.
     */
    private void discard(McpSyncClient which) {
        try {
            which.close();
        } catch (RuntimeException e) {
            LOG.debugf("upstream server %s: closing a client it gave up failed: %s", server.name(),
                    e.getClass().getSimpleName());
        }
    }

    private UpstreamCallException exitedDuring(String what) {
        return new UpstreamCallException(server.name(), Failure.UNAVAILABLE, "upstream server '" + server.name()
                + "': its process exited during " + what + stderr.lastWords()
                + "; it is started again on the next call");
    }

    /** Whether a stdio server's process ends within a moment of a failed request. */
    private boolean endsNow(CompletableFuture<Void> ended) {
        if (server.url().isPresent()) {
            return false;
        }
        try {
            ended.get(EXIT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The stdio server's process ended: calls in flight fail at once, and the next call starts it again. */
    private void exited(McpSyncClient which, CompletableFuture<Void> ended) {
        if (forget(which, "exited")) {
            lastError = "its process exited";
            LOG.warnf("upstream server %s: its process exited", server.name());
        }
        ended.complete(null);
    }

    private McpSyncClient connected() {
        if (client != null) {
            return client;
        }
        Instant failed = failedAt;
        if (failed != null && Instant.now().isBefore(failed.plus(retryAfter))) {
            throw new UpstreamCallException(server.name(), Failure.UNAVAILABLE, "upstream server '" + server.name()
                    + "' is unavailable (" + lastError + "); retry after " + retryAfter.toSeconds() + " s");
        }
        state = "connecting";
        McpSyncClient fresh;
        McpClientTransport transport;
        try {
            // A new process of the server: what the last one said on stderr is no longer its.
            stderr.clear();
            transport = UpstreamTransports.open(server, timeout, mapper, stderr::heard);
            fresh = McpClient.sync(transport).requestTimeout(timeout).initializationTimeout(timeout)
                    .toolsChangeConsumer(tools -> toolsChanged.run())
                    .clientInfo(new McpSchema.Implementation("code-execution-mcp", "1")).build();
        } catch (RuntimeException e) {
            throw failLocked(Failure.UNAVAILABLE, "cannot start: " + e.getMessage());
        }
        CompletableFuture<McpSchema.InitializeResult> init = CompletableFuture.supplyAsync(fresh::initialize,
                executor);
        try {
            init.get(timeout.plus(GUARD_SLACK).toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            init.cancel(true);
            discard(fresh);
            throw failLocked(Failure.UNAVAILABLE, "initialize timed out after " + timeout.toSeconds() + " s");
        } catch (ExecutionException e) {
            discard(fresh);
            throw failLocked(Failure.UNAVAILABLE, rootCause(e.getCause()) instanceof TimeoutException
                    ? "initialize timed out after " + timeout.toSeconds() + " s"
                    : "initialize failed: " + reason(e.getCause()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            discard(fresh);
            throw failLocked(Failure.UNAVAILABLE, "interrupted while connecting");
        }
        client = fresh;
        state = "connected";
        lastError = null;
        failedAt = null;
        CompletableFuture<Void> ended = new CompletableFuture<>();
        exited = ended;
        if (transport instanceof StdioClientTransport stdio) {
            Thread.ofVirtual().name("upstream-exit-" + server.name()).start(() -> {
                try {
                    stdio.awaitForExit();
                } catch (RuntimeException e) {
                    // Interrupted: the server is shutting down.
                }
                exited(fresh, ended);
            });
        }
        LOG.infof("upstream server %s connected", server.name());
        return client;
    }

    /** Marks the server down with {@code message}; {@code failure} is what the call that saw it reports. */
    private UpstreamCallException fail(Failure failure, String message) {
        synchronized (this) {
            return failLocked(failure, message);
        }
    }

    private UpstreamCallException failLocked(Failure failure, String message) {
        if (client != null) {
            discard(client);
            client = null;
        }
        state = "failed";
        lastError = message;
        failedAt = Instant.now();
        LOG.warnf("upstream server %s: %s", server.name(), message);
        return new UpstreamCallException(server.name(), failure, "upstream server '" + server.name() + "': "
                + message + stderr.lastWords());
    }

    private static Throwable rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }

    private static String reason(Throwable e) {
        Throwable root = rootCause(e);
        String message = root.getMessage() == null ? "" : ": " + root.getMessage().lines().findFirst().orElse("");
        return root.getClass().getSimpleName() + message;
    }

    @Override
    public synchronized void close() {
        if (client != null) {
            discard(client);
            client = null;
        }
        state = "idle";
    }
}
