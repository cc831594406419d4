package dev.codeexec.sandbox;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Outcome counts per caller (MCP connection id, or "rest"). Connections never say goodbye, so the
 * table keeps the most recently active {@value #MAX_OWNERS} and forgets the rest.
 */
final class OwnerCounters {

    static final int MAX_OWNERS = 1024;

    private final Map<String, OutcomeCounts> counts = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, OutcomeCounts> eldest) {
            return size() > MAX_OWNERS;
        }
    };

    synchronized void record(String owner, ExecutionResult result) {
        counts.merge(owner == null ? "" : owner, OutcomeCounts.NONE.plus(result), (old, one) -> old.plus(result));
    }

    synchronized OutcomeCounts of(String owner) {
        return counts.getOrDefault(owner == null ? "" : owner, OutcomeCounts.NONE);
    }
}
