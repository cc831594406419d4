package dev.codeexec.sandbox;

/**
 * Caps the long-polls (get_execution with wait_s) and run event streams one tenant has pending at once. A pending poll holds no thread,
 * only a little memory, but an unbounded number of them would still let one tenant grow the server's heap.
 */
final class LongPolls {

    static final String MAX = "sandbox.runs.max-waits-per-tenant";

    private final int perTenant;
    private final TenantCounts pending = new TenantCounts(() -> { });

    LongPolls(int perTenant) {
        if (perTenant < 1) {
            throw new IllegalArgumentException(MAX + " must be at least 1, got " + perTenant);
        }
        this.perTenant = perTenant;
    }

    /**
     * A place for one pending poll; closing it gives the place back.
     *
     * @throws SandboxBusyException when the tenant already has its limit of polls pending
     */
    synchronized TenantCounts.Place take(String tenant) {
        int now = pending.held(tenant);
        if (now >= perTenant) {
            throw new SandboxBusyException("too many long-polls for this tenant: it has " + now
                    + " long-polls (wait_s) and event streams pending, the limit (" + MAX + "=" + perTenant
                    + "); retry when one answers, or poll with wait_s=0");
        }
        return pending.take(tenant);
    }
}
