package dev.codeexec.sandbox.engine;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Tells when this JVM's heap holds too much live data: what a garbage collection left in use passes a share of
 * the maximum heap. Only a collection tells live data from garbage, so each collection can raise the alarm once:
 * the warm interpreters are given back, and the next alarm must be proven by a new collection. When that one is
 * over the limit too, giving them back did not help: the heap is held by something else.
 */
public final class HeapWatch {

    private final long limitBytes;
    private final LongSupplier liveAfterCollection;
    private final LongSupplier collections;
    /** The collection count last looked at, and how many collections in a row were over the limit. */
    private long lastSeen = -1;
    private int overInARow;

    HeapWatch(long limitBytes, LongSupplier liveAfterCollection, LongSupplier collections) {
        this.limitBytes = limitBytes;
        this.liveAfterCollection = liveAfterCollection;
        this.collections = collections;
    }

    /** Watches this JVM's own heap against {@code percent} of its maximum; 100 never alarms. */
    public static HeapWatch ofThisJvm(int percent) {
        long limit = percent >= 100 ? Long.MAX_VALUE : Runtime.getRuntime().maxMemory() / 100 * percent;
        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP && p.isCollectionUsageThresholdSupported()).toList();
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        return new HeapWatch(limit, () -> pools.stream().map(MemoryPoolMXBean::getCollectionUsage)
                        .filter(java.util.Objects::nonNull).mapToLong(MemoryUsage::getUsed).sum(),
                () -> collectors.stream().mapToLong(c -> Math.max(0, c.getCollectionCount())).sum());
    }

    /** True once per collection whose survivors exceed the limit. */
    synchronized boolean overLimit() {
        long count = collections.getAsLong();
        if (count == lastSeen) {
            return false;
        }
        lastSeen = count;
        if (liveAfterCollection.getAsLong() <= limitBytes) {
            overInARow = 0;
            return false;
        }
        overInARow++;
        return true;
    }

    /** Two collections in a row, with an alarm between them, left the heap over the limit. */
    synchronized boolean stuckOver() {
        return overInARow >= 2;
    }
}
