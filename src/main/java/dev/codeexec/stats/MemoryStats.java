package dev.codeexec.stats;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;

/** Memory of the server process; rss_bytes is -1 where /proc is unavailable. Workers are not included. */
public record MemoryStats(
        @JsonProperty("heap_used_bytes") long heapUsedBytes,
        @JsonProperty("heap_max_bytes") long heapMaxBytes,
        @JsonProperty("non_heap_used_bytes") long nonHeapUsedBytes,
        @JsonProperty("rss_bytes") long rssBytes) {

    private static final Path STATUS = Path.of("/proc/self/status");

    static MemoryStats now() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
        return new MemoryStats(heap.getUsed(), heap.getMax(), nonHeap.getUsed(), residentSetBytes());
    }

    /** VmRSS from /proc/self/status (given in kB). */
    static long residentSetBytes() {
        if (!Files.isReadable(STATUS)) {
            return -1;
        }
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
