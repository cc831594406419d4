package dev.codeexec.sandbox;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * Characters of arguments one tenant's bridge calls carry through the server at once
 * ({@code sandbox.bridge.max-args-chars}: one call of the largest size, or many smaller ones). The server answers a
 * run's calls concurrently, one per guest thread, and a service can take tens of times its arguments in heap while it
 * works: fifteen threads of one run each sanitizing 4 Mi characters of PII ran the server, whose heap every tenant
 * shares, out of memory, killed a worker's reader thread and left another tenant's next run unanswered. A call past
 * the budget waits for the tenant's earlier calls, first come first served; no other tenant's call waits for it.
 */
final class BridgeArgumentBudget {

    /** Holds its characters of the budget until closed. */
    interface Held extends AutoCloseable {
        @Override
        void close();
    }

    private final int perTenant;
    /** Bounded by the tenants that make bridge calls, which configuration names. */
    private final Map<String, Semaphore> tenants = new ConcurrentHashMap<>();

    BridgeArgumentBudget(int perTenant) {
        this.perTenant = perTenant;
    }

    /** Takes {@code chars} of the tenant's budget, waiting until its earlier calls leave room. */
    Held enter(String tenant, int chars) throws InterruptedException {
        Semaphore budget = tenants.computeIfAbsent(tenant, t -> new Semaphore(perTenant, true));
        int taken = Math.min(Math.max(chars, 0), perTenant);
        budget.acquire(taken);
        return () -> budget.release(taken);
    }

    /** The tenant's calls waiting for room now. */
    int waiting(String tenant) {
        Semaphore budget = tenants.get(tenant);
        return budget == null ? 0 : budget.getQueueLength();
    }
}
