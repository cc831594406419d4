package dev.codeexec.sandbox;

import dev.codeexec.tenant.Caller;
import java.util.HashMap;
import java.util.Map;

/**
 * Caps how many executions one tenant, and one caller within it, may have running or queued at once, so that no
 * caller can take every slot and the whole queue. Checked before admission; a refusal names the cap to raise.
 */
final class FairShare {

    static final String TENANT_MAX = "sandbox.fair-share.tenant-max";
    static final String CALLER_MAX = "sandbox.fair-share.caller-max";

    /** A held share; closing it gives it back. */
    interface Ticket extends AutoCloseable {
        @Override
        void close();
    }

    private final int tenantMax;
    private final int callerMax;
    private final Map<String, Integer> byTenant = new HashMap<>();
    private final Map<String, Integer> byCaller = new HashMap<>();

    FairShare(int tenantMax, int callerMax) {
        if (tenantMax < 1 || callerMax < 1) {
            throw new IllegalArgumentException(TENANT_MAX + " and " + CALLER_MAX + " must be at least 1");
        }
        this.tenantMax = tenantMax;
        this.callerMax = Math.min(callerMax, tenantMax);
    }

    /** The defaults: a tenant may fill three quarters of the slots and queue together, a caller half. */
    static FairShare forCapacity(int capacity, java.util.OptionalInt tenantMax, java.util.OptionalInt callerMax) {
        return new FairShare(tenantMax.orElse(Math.max(1, (capacity * 3 + 3) / 4)),
                callerMax.orElse(Math.max(1, capacity / 2)));
    }

    /** Takes one share for the caller ({@link Caller#id()}), or refuses when the caller or its tenant has none left. */
    synchronized Ticket enter(String callerId) {
        String tenant = Caller.tenantOf(callerId);
        int ofCaller = byCaller.getOrDefault(callerId, 0);
        if (ofCaller >= callerMax) {
            throw new SandboxBusyException("sandbox busy for this caller: it has " + ofCaller
                    + " executions running or queued, the limit (" + CALLER_MAX + "=" + callerMax
                    + "); retry when one finishes");
        }
        int ofTenant = byTenant.getOrDefault(tenant, 0);
        if (ofTenant >= tenantMax) {
            throw new SandboxBusyException("sandbox busy for this tenant: it has " + ofTenant
                    + " executions running or queued, the limit (" + TENANT_MAX + "=" + tenantMax
                    + "); retry when one finishes");
        }
        byCaller.merge(callerId, 1, Integer::sum);
        byTenant.merge(tenant, 1, Integer::sum);
        return new Ticket() {
            private boolean closed;

            @Override
            public void close() {
                synchronized (FairShare.this) {
                    if (!closed) {
                        closed = true;
                        byCaller.computeIfPresent(callerId, (k, n) -> n > 1 ? n - 1 : null);
                        byTenant.computeIfPresent(tenant, (k, n) -> n > 1 ? n - 1 : null);
                    }
                }
            }
        };
    }
}
