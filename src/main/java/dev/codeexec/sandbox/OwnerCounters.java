package dev.codeexec.sandbox;

import dev.codeexec.RecentEntries;
import java.util.Map;

/**
 * Outcome counts per caller (MCP connection id, or "rest"). Connections never say goodbye, so the
 * table keeps the most recently active {@value #MAX_OWNERS} and forgets the rest.
 */
final class OwnerCounters {

    static final int MAX_OWNERS = 1024;

    private final Map<String, OutcomeCounts> counts = RecentEntries.map(MAX_OWNERS);

    synchronized void record(String owner, ExecutionResult result) {
        counts.merge(owner == null ? "" : owner, OutcomeCounts.NONE.plus(result), (old, one) -> old.plus(result));
    }

    synchronized OutcomeCounts of(String owner) {
        return counts.getOrDefault(owner == null ? "" : owner, OutcomeCounts.NONE);
    }
}
