package dev.codeexec.sandbox;

import java.util.HashMap;
import java.util.Map;

/**
 * Caps the long-polls (get_execution with wait_s) and run event streams one tenant has pending at once. A pending poll holds no thread,
 * only a little memory, but an unbounded number of them would still let one tenant grow the server's heap.
 */
final class LongPolls {

    static final String MAX = "sandbox.runs.max-waits-per-tenant";

    /** A pending poll; closing it gives its place back. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    private final int perTenant;
    private final Map<String, Integer> pending = new HashMap<>();

    LongPolls(int perTenant) {
        if (perTenant < 1) {
            throw new IllegalArgumentException(MAX + " must be at least 1, got " + perTenant);
        }
        this.perTenant = perTenant;
    }

    /** @throws SandboxBusyException when the tenant already has its limit of polls pending */
    synchronized Held take(String tenant) {
        int now = pending.getOrDefault(tenant, 0);
        if (now >= perTenant) {
            throw new SandboxBusyException("too many long-polls for this tenant: it has " + now
                    + " long-polls (wait_s) and event streams pending, the limit (" + MAX + "=" + perTenant
                    + "); retry when one answers, or poll with wait_s=0");
        }
        pending.merge(tenant, 1, Integer::sum);
        return new Held() {
            private boolean closed;

            @Override
            public void close() {
                synchronized (LongPolls.this) {
                    if (!closed) {
                        closed = true;
                        pending.computeIfPresent(tenant, (k, n) -> n > 1 ? n - 1 : null);
                    }
                }
            }
        };
    }
}
