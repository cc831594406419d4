package dev.codeexec.sandbox;

import java.time.Duration;

/**
 * Caps the background runs of one tenant that go on to the executor at once, below the number of slots by default,
 * so that a tenant's long runs (up to {@code sandbox.runs.max-timeout-s}) always leave a slot for the calls of other
 * tenants: the wait line cannot take back a slot once given. Runs beyond the cap wait here, still queued.
 */
final class BackgroundSlots {

    static final String MAX = "sandbox.fair-share.background-slots";

    private final int perTenant;
    private final TenantCounts holding = new TenantCounts(this::wake);

    BackgroundSlots(int perTenant) {
        this.perTenant = perTenant;
    }

    /** The cap for {@code slots} executor slots: the configured one within 1..slots, else one less than slots. */
    static BackgroundSlots forSlots(int slots, java.util.OptionalInt configured) {
        int cap = configured.orElse(Math.max(1, slots - 1));
        if (cap < 1 || cap > slots) {
            throw new IllegalArgumentException(MAX + " must be between 1 and sandbox.max-concurrent (" + slots
                    + "), got " + cap);
        }
        return new BackgroundSlots(cap);
    }

    int perTenant() {
        return perTenant;
    }

    /**
     * Waits until {@code tenant} has fewer than the cap past this gate, or the run is cancelled (then it goes on at
     * once, to end as cancelled before it started). Closing the place lets the tenant's next background run go on.
     *
     * @throws SandboxBusyException when no place came free within {@code patience}
     */
    TenantCounts.Place await(String tenant, RunHooks hooks, Duration patience) {
        hooks.cancellation().thenRun(this::wake);
        long deadline = System.nanoTime() + patience.toNanos();
        synchronized (this) {
            try {
                while (holding.held(tenant) >= perTenant && !hooks.cancelRequested()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new SandboxBusyException("sandbox busy for this tenant: it has " + perTenant
                                + " background runs going, the limit (" + MAX + "=" + perTenant
                                + "), and none ended in time; retry when one finishes");
                    }
                    wait(Math.max(1, left / 1_000_000));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SandboxBusyException("sandbox busy: interrupted while waiting for a background slot");
            }
            return holding.take(tenant);
        }
    }

    private synchronized void wake() {
        notifyAll();
    }
}
