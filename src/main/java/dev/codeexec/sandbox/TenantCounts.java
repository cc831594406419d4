package dev.codeexec.sandbox;

import java.util.HashMap;
import java.util.Map;

/**
 * How many places each tenant holds (its background runs past the gate, its pending long-polls). A place is given
 * back once, however often it is closed, and then the owner is told, so that a waiter can look again.
 */
final class TenantCounts {

    /** A held place; closing it gives it back. */
    interface Place extends AutoCloseable {
        @Override
        void close();
    }

    private final Map<String, Integer> held = new HashMap<>();
    private final Runnable onRelease;

    TenantCounts(Runnable onRelease) {
        this.onRelease = onRelease;
    }

    synchronized int held(String tenant) {
        return held.getOrDefault(tenant, 0);
    }

    /** Takes a place for {@code tenant}; the caller has checked its limit under its own lock. */
    synchronized Place take(String tenant) {
        held.merge(tenant, 1, Integer::sum);
        return new Place() {
            private boolean closed;

            @Override
            public void close() {
                synchronized (TenantCounts.this) {
                    if (closed) {
                        return;
                    }
                    closed = true;
                    held.computeIfPresent(tenant, (k, n) -> n > 1 ? n - 1 : null);
                }
                onRelease.run();
            }
        };
    }
}
