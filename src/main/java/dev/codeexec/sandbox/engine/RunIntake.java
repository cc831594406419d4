package dev.codeexec.sandbox.engine;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the current run of one interpreter took in and touched: bytes of bridge replies from the tools service,
 * bytes read from workspace files, and the workspace files opened for writing, copied or moved onto, in the order
 * first touched. Runs in one interpreter follow each other, so {@link #begin} starts the next run's count; reads
 * and writes of a file left open by an earlier run of a session count in the run that makes them.
 */
final class RunIntake {

    /** Distinct files remembered per run: enough to list {@code ProducedFile.MAX_LISTED} after skipping some. */
    static final int MAX_TOUCHED = 256;

    /** What one run took in and touched; {@code touchedMore} when it touched files past those remembered. */
    record Taken(long toolBytes, long fileBytes, List<Path> touched, boolean touchedMore) {
    }

    private long toolBytes;
    private long fileBytes;
    private final Set<Path> touched = new LinkedHashSet<>();
    private boolean touchedMore;

    synchronized void begin() {
        toolBytes = 0;
        fileBytes = 0;
        touched.clear();
        touchedMore = false;
    }

    synchronized void tool(long bytes) {
        toolBytes += bytes;
    }

    synchronized void read(long bytes) {
        fileBytes += bytes;
    }

    synchronized void touched(Path confined) {
        if (touched.size() < MAX_TOUCHED) {
            touched.add(confined);
        } else if (!touched.contains(confined)) {
            touchedMore = true;
        }
    }

    synchronized Taken take() {
        return new Taken(toolBytes, fileBytes, List.copyOf(touched), touchedMore);
    }
}
