package dev.codeexec.sandbox;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Context bytes of finished executions, server-wide and per caller (the most recently active
 * {@value OwnerCounters#MAX_OWNERS}, as {@link OwnerCounters} keeps them).
 */
final class ContextCounters {

    private ContextBytes total = ContextBytes.NONE;
    private final Map<String, ContextBytes> owners = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ContextBytes> eldest) {
            return size() > OwnerCounters.MAX_OWNERS;
        }
    };

    synchronized void record(String owner, ContextBytes run) {
        total = total.plus(run);
        owners.merge(owner == null ? "" : owner, run, ContextBytes::plus);
    }

    synchronized ContextBytes total() {
        return total;
    }

    synchronized ContextBytes of(String owner) {
        return owners.getOrDefault(owner == null ? "" : owner, ContextBytes.NONE);
    }
}
