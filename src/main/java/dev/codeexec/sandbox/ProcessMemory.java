package dev.codeexec.sandbox;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Resident (RSS) and proportional (PSS: shared pages split among the processes sharing them) memory of processes,
 * from {@code /proc/<pid>/smaps_rollup}; -1 where that cannot be read (not Linux, another user's process).
 */
public record ProcessMemory(
        @JsonProperty("rss_bytes") long rssBytes,
        @JsonProperty("pss_bytes") long pssBytes) {

    public static final ProcessMemory NONE = new ProcessMemory(0, 0);
    private static final ProcessMemory UNKNOWN = new ProcessMemory(-1, -1);

    /** The sum; unknown stays unknown. */
    public ProcessMemory plus(ProcessMemory other) {
        return rssBytes < 0 || other.rssBytes < 0 ? UNKNOWN
                : new ProcessMemory(rssBytes + other.rssBytes, pssBytes + other.pssBytes);
    }

    /** This process alone. */
    public static ProcessMemory ofSelf() {
        return of(ProcessHandle.current().pid());
    }

    /** {@code pid} and every process under it: a worker JVM runs under its OS sandbox's process. */
    public static ProcessMemory ofTree(long pid) {
        Optional<ProcessHandle> root = ProcessHandle.of(pid);
        if (root.isEmpty()) {
            return NONE;  // gone since it was listed: it holds nothing
        }
        return Stream.concat(Stream.of(root.get()), root.get().descendants())
                .map(p -> of(p.pid())).reduce(NONE, ProcessMemory::plus);
    }

    static ProcessMemory of(long pid) {
        Path rollup = Path.of("/proc", Long.toString(pid), "smaps_rollup");
        long rss = -1;
        long pss = -1;
        try {
            for (String line : Files.readAllLines(rollup)) {
                if (line.startsWith("Rss:")) {
                    rss = kilobytes(line) * 1024;
                } else if (line.startsWith("Pss:")) {
                    pss = kilobytes(line) * 1024;
                }
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            return Files.exists(rollup.getParent()) ? UNKNOWN : NONE;
        }
        return rss < 0 || pss < 0 ? UNKNOWN : new ProcessMemory(rss, pss);
    }

    private static long kilobytes(String line) {
        return Long.parseLong(line.substring(line.indexOf(':') + 1).trim().split("\\s+")[0]);
    }
}
