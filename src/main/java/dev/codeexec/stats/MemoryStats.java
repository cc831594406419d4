package dev.codeexec.stats;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.codeexec.sandbox.ProcessMemory;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;

/**
 * Memory of the server process; rss_bytes and pss_bytes are -1 where /proc is unavailable. Workers are not included
 * (see the sandbox's workers_memory).
 */
public record MemoryStats(
        @JsonProperty("heap_used_bytes") long heapUsedBytes,
        @JsonProperty("heap_max_bytes") long heapMaxBytes,
        @JsonProperty("non_heap_used_bytes") long nonHeapUsedBytes,
        @JsonProperty("rss_bytes") long rssBytes,
        @JsonProperty("pss_bytes") long pssBytes) {

    static MemoryStats now() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
        ProcessMemory self = ProcessMemory.ofSelf();
        return new MemoryStats(heap.getUsed(), heap.getMax(), nonHeap.getUsed(), self.rssBytes(), self.pssBytes());
    }
}
