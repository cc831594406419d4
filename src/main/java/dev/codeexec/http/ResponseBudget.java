package dev.codeexec.http;

import java.time.Duration;
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

    /** How long a response under way waits for its tenant's clients to take some bytes before it is cut. */
    static final Duration STALL = Duration.ofSeconds(2);

    private final long perTenant;
    /** Bounded by the tenants that send requests, which configuration names; each is also its waiters' monitor. */
    private final Map<String, Tenant> tenants = new ConcurrentHashMap<>();

    private static final class Tenant {
        final AtomicLong unsent = new AtomicLong();
        final AtomicLong sent = new AtomicLong();
    }

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
        Tenant t = tenants.get(tenant);
        return t == null ? 0 : t.unsent.get();
    }

    boolean exhausted(String tenant) {
        return unsent(tenant) >= perTenant;
    }

    void written(String tenant, long bytes) {
        tenants.computeIfAbsent(tenant, k -> new Tenant()).unsent.addAndGet(bytes);
    }

    void sent(String tenant, long bytes) {
        Tenant t = tenants.get(tenant);
        t.unsent.addAndGet(-bytes);
        t.sent.addAndGet(bytes);
        synchronized (t) {
            t.notifyAll();
        }
    }

    /**
     * Waits, on a request's thread, until the tenant is within its budget again; false once none of its bytes has
     * been taken by a socket for {@code stall}: its clients are not reading, and waiting on would hold the thread.
     */
    boolean awaitRoom(String tenant, Duration stall) throws InterruptedException {
        Tenant t = tenants.computeIfAbsent(tenant, k -> new Tenant());
        long progress = t.sent.get();
        long deadline = System.nanoTime() + stall.toNanos();
        synchronized (t) {
            while (t.unsent.get() >= perTenant) {
                long left = deadline - System.nanoTime();
                if (t.sent.get() != progress) {
                    progress = t.sent.get();
                    left = stall.toNanos();
                    deadline = System.nanoTime() + left;
                }
                if (left <= 0) {
                    return false;
                }
                t.wait(Math.max(1, left / 1_000_000));
            }
        }
        return true;
    }

    String refusal(String tenant) {
        return "this tenant's clients have not yet read " + unsent(tenant) + " bytes of earlier responses; a tenant "
                + "may have at most " + perTenant + " bytes of responses unsent (" + SETTING + "). Read the earlier "
                + "responses (or close their connections) and send the request again";
    }
}
