package dev.codeexec.sandbox;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** How warm interpreters served: runs that found an idle one of their tenant, runs that did not, and recycles by cause. */
public final class WarmCounters {

    /** Why a warm interpreter was replaced; the names are the keys reported in stats and metrics. */
    public enum Recycle {
        MAX_RUNS, IDLE_TTL, CAPACITY, TIMEOUT, EXIT, MEMORY, HEAP, WORKER_LOST;

        String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * What one warm run did: whether it found an idle interpreter, why the one it used was recycled after it, how many
     * idle ones were released to make room for it ({@code evicted}) and how many had been unused for the idle TTL
     * ({@code expired}).
     */
    public record Event(boolean hit, Recycle recycled, int evicted, int expired) {
    }

    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final Map<Recycle, LongAdder> recycles = new ConcurrentHashMap<>();

    public void record(Event event) {
        (event.hit() ? hits : misses).increment();
        if (event.recycled() != null) {
            recycled(event.recycled(), 1);
        }
        recycled(Recycle.CAPACITY, event.evicted());
        recycled(Recycle.IDLE_TTL, event.expired());
    }

    public void recycled(Recycle cause, int count) {
        if (count > 0) {
            recycles.computeIfAbsent(cause, c -> new LongAdder()).add(count);
        }
    }

    public long hits() {
        return hits.sum();
    }

    public long misses() {
        return misses.sum();
    }

    public Map<String, Long> recycles() {
        Map<String, Long> byCause = new TreeMap<>();
        recycles.forEach((cause, n) -> byCause.put(cause.key(), n.sum()));
        return byCause;
    }
}
