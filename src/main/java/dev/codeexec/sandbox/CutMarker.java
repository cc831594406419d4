package dev.codeexec.sandbox;

import java.nio.charset.StandardCharsets;

/**
 * The one line that stands for the middle of an output stream cut to its inline budget: how many bytes were left
 * out, and where the whole stream went. The worker writes it ({@code BoundedOutput}), and so does the server when it
 * cuts sanitized output itself.
 */
public final class CutMarker {

    /** Bytes of a budget kept for the marker, so that head, marker and tail together stay within it. */
    public static final int MAX_BYTES = 384;

    private CutMarker() {
    }

    /**
     * The marker line, on a line of its own, never longer than {@link #MAX_BYTES}.
     *
     * @param newlineFirst whether the head ended mid-line
     * @param where        what follows the count: " of N", or where the whole stream is
     */
    public static String line(boolean newlineFirst, long left, String where) {
        String line = "[... " + left + " bytes left out" + where;
        int room = MAX_BYTES - 8;
        if (line.getBytes(StandardCharsets.UTF_8).length > room) {
            line = line.substring(0, Math.min(line.length(), room - 4)) + "...";
        }
        return (newlineFirst ? "\n" : "") + line + " ...]\n";
    }

    /** Bytes of a budget's head. */
    public static int headBytes(int budget) {
        return (budget - MAX_BYTES) / 2;
    }

    /** Bytes of a budget's tail: what the head and the marker leave. */
    public static int tailBytes(int budget) {
        return budget - MAX_BYTES - headBytes(budget);
    }
}
