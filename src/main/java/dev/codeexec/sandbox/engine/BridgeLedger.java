package dev.codeexec.sandbox.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.codeexec.workspace.WorkspaceQuotaBridge;
import dev.codeexec.workspace.WorkspaceQuotaException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The guest file system's line to the server's workspace ledger (bridge service "quota"): straight to the
 * {@link dev.codeexec.sandbox.HostBridge} in the server's JVM, over the worker's pipe otherwise. The server,
 * not this side, decides whose workspace the calls account to.
 */
final class BridgeLedger {

    /** A reservation the server granted: bytes and new entries. */
    record Grant(long lease, long bytes, long entries) {
    }

    private final HostCalls host;
    private final Supplier<String> owner;
    /** The interpreter whose file system this is: its calls are answered only while it runs its caller's code. */
    private final long interpreter;
    private final ObjectMapper json = new ObjectMapper();
    /** Settlements not sent yet, this process's: they go with the next call of any of its interpreters. */
    private final Settlements unsent;

    BridgeLedger(HostCalls host, Supplier<String> owner, long interpreter, Settlements unsent) {
        this.host = host;
        this.owner = owner;
        this.interpreter = interpreter;
        this.unsent = unsent;
    }

    /**
     * Reserves on {@code lease} (0 opens one) {@code needed} bytes and {@code entries} new entries, and up to
     * {@code wanted} and {@code entriesWanted} where there is room; refused reservations throw with the server's
     * message.
     */
    Grant reserve(long lease, long needed, long wanted, int entries, int entriesWanted) throws IOException {
        JsonNode reply = call("reserve", Map.of("lease", lease, "needed", needed, "wanted", wanted, "entries", entries,
                "entries_wanted", entriesWanted));
        refusedOnQuota(reply);
        return new Grant(reply.path("lease").asLong(), reply.path("granted").asLong(), reply.path("entries").asLong());
    }

    /**
     * Settles {@code lease} with the next call to the server rather than in a round trip of its own (250-400 us from a
     * worker); lease 0 asks only for a recount. Until it is sent the lease's reservation stays counted, which can
     * only make the workspace look fuller than it is; the server applies settlements before the call they come with.
     */
    void settleLater(long lease, long bytes, long entries, boolean recount) {
        unsent.add(lease, bytes, entries, recount);
    }

    /** Sends the settlements still waiting, if any: at the end of a run, while the server still answers its calls. */
    void sendSettlements() throws IOException {
        if (!unsent.isEmpty()) {
            call("settle", Map.of());
        }
    }

    /** Bytes the workspace holds, as accounted: on disk plus what open leases reserved. */
    long usedBytes() throws IOException {
        return call("usage", Map.of()).path("bytes").asLong();
    }

    private JsonNode call(String method, Map<String, Object> args) throws IOException {
        // Sent once whatever the answer, as the server applies them first; kept only when the call never left.
        List<List<Long>> settled = unsent.take();
        Map<String, Object> sent = args;
        if (!settled.isEmpty()) {
            sent = new LinkedHashMap<>(args);
            sent.put("settled", settled);
        }
        String reply;
        try {
            reply = host.call(owner.get(), interpreter, WorkspaceQuotaBridge.SERVICE, method, json.writeValueAsString(sent));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        JsonNode node = json.readTree(reply);
        if (HostCalls.REFUSED.equals(node.path("kind").asText())) {
            // The worker forwards only the interpreter running its execution: another one will carry them.
            unsent.putBack(settled);
        }
        if (node.has("error")) {
            // Without the ledger nothing can be accounted: fail closed.
            throw new IOException("the workspace ledger did not answer: " + node.path("error").asText());
        }
        return node.path("result");
    }

    private static void refusedOnQuota(JsonNode reply) throws WorkspaceQuotaException {
        if (reply.has("quota")) {
            throw new WorkspaceQuotaException(reply.path("quota").asText());
        }
    }
}
