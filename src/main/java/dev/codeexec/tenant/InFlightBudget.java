package dev.codeexec.tenant;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * How much of one kind of large input (a bridge call's argument characters, an HTTP request's body bytes) each tenant
 * has in the server at once. The server's heap is shared by every tenant, and a service can take tens of times its
 * input while it works: one tenant's concurrent large inputs must not run it out of memory for the others. A tenant's
 * input past its budget waits for, or is refused beside, the tenant's earlier ones, first come first served; no other
 * tenant's input waits for it. An input larger than the whole budget takes all of it, so it still goes in alone.
 */
public final class InFlightBudget {

    /** Holds its share of the budget until closed; closing twice gives it back once. */
    public interface Held extends AutoCloseable {
        @Override
        void close();
    }

    private final int perTenant;
    /** Bounded by the tenants that send input, which configuration names. */
    private final Map<String, Semaphore> tenants = new ConcurrentHashMap<>();

    public InFlightBudget(int perTenant) {
        if (perTenant < 1) {
            throw new IllegalArgumentException("a budget must be at least 1, got " + perTenant);
        }
        this.perTenant = perTenant;
    }

    public int perTenant() {
        return perTenant;
    }

    /** Takes {@code units} of the tenant's budget, waiting until its earlier inputs leave room. */
    public Held enter(String tenant, long units) throws InterruptedException {
        Semaphore budget = budget(tenant);
        int taken = share(units);
        budget.acquire(taken);
        return held(budget, taken);
    }

    /**
     * Takes {@code units} of the tenant's budget if there is room now and nobody of the tenant waits before it; for
     * callers that must not block (an event loop).
     */
    public Optional<Held> tryEnter(String tenant, long units) {
        Semaphore budget = budget(tenant);
        int taken = share(units);
        try {
            // The timed form honours the queue of a fair semaphore; the untimed one would jump it.
            return budget.tryAcquire(taken, 0, TimeUnit.NANOSECONDS) ? Optional.of(held(budget, taken))
                    : Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The tenant's inputs waiting for room now. */
    public int waiting(String tenant) {
        Semaphore budget = tenants.get(tenant);
        return budget == null ? 0 : budget.getQueueLength();
    }

    private Semaphore budget(String tenant) {
        return tenants.computeIfAbsent(tenant, t -> new Semaphore(perTenant, true));
    }

    private int share(long units) {
        return (int) Math.min(Math.max(units, 0), perTenant);
    }

    private static Held held(Semaphore budget, int taken) {
        AtomicBoolean open = new AtomicBoolean(true);
        return () -> {
            if (open.compareAndSet(true, false)) {
                budget.release(taken);
            }
        };
    }
}
