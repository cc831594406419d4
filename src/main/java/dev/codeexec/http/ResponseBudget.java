package dev.codeexec.http;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bytes of responses one tenant has written and its clients have not yet taken
 * ({@code codeexec.http.max-response-bytes-unsent}). A response the client does not read stays in the server's direct
 * buffers, which every tenant shares: one tenant's 100 unread reads of a 1 MiB file of control characters (6 MB of
 * JSON each) filled the 320 MiB of direct memory of a 320 MiB heap, and other tenants' requests failed with
 * {@code OutOfMemoryError}. Past the budget the tenant's new requests are refused and its backed-up connections are
 * closed (see {@link UnsentResponses}); no other tenant's bytes are counted against it.
 */
final class ResponseBudget {

    static final String SETTING = "codeexec.http.max-response-bytes-unsent";
    /** The default's share of direct memory: 20 MiB of a 320 MiB heap's, more than one largest MCP file read. */
    static final int DIRECT_FRACTION = 16;
    static final long MIN_DEFAULT_BYTES = 1L << 20;

    private final long perTenant;
    /** Bounded by the tenants that send requests, which configuration names. */
    private final Map<String, AtomicLong> unsent = new ConcurrentHashMap<>();

    ResponseBudget(Optional<Long> configured, long maxDirectBytes) {
        this.perTenant = configured.orElse(Math.max(MIN_DEFAULT_BYTES, maxDirectBytes / DIRECT_FRACTION));
        if (perTenant < 1) {
            throw new IllegalStateException(SETTING + " must be at least 1 byte, got " + perTenant);
        }
    }

    long perTenant() {
        return perTenant;
    }

    long unsent(String tenant) {
        AtomicLong bytes = unsent.get(tenant);
        return bytes == null ? 0 : bytes.get();
    }

    boolean exhausted(String tenant) {
        return unsent(tenant) >= perTenant;
    }

    void written(String tenant, long bytes) {
        unsent.computeIfAbsent(tenant, t -> new AtomicLong()).addAndGet(bytes);
    }

    void sent(String tenant, long bytes) {
        unsent.get(tenant).addAndGet(-bytes);
    }

    String refusal(String tenant) {
        return "this tenant's clients have not yet read " + unsent(tenant) + " bytes of earlier responses; a tenant may "
                + "have at most " + perTenant + " bytes of responses unsent (" + SETTING + "). Read the earlier "
                + "responses (or close their connections) and send the request again";
    }
}
