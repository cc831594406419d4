package dev.codeexec.sandbox;

import java.nio.charset.StandardCharsets;
import java.util.function.IntPredicate;

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

    /**
     * Where a head cut at {@code end} ends once whole lines are kept: after its last newline when that is within its
     * last quarter, so that the model reads no line fragment before the marker; else at {@code end} (a stream of long
     * lines keeps its bytes).
     *
     * @param newlineAt whether the stream has a newline at an index
     */
    public static int lineHeadEnd(IntPredicate newlineAt, int end) {
        for (int i = end - 1; i >= end - end / 4 && i >= 0; i--) {
            if (newlineAt.test(i)) {
                return i + 1;
            }
        }
        return end;
    }

    /**
     * Where a tail cut at {@code start} of a stream of {@code length} begins once whole lines are kept: at
     * {@code start} when what is before it ended a line (or nothing is), else after the first newline within its
     * first quarter, else at {@code start}.
     *
     * @param newlineAt whether the stream has a newline at an index
     */
    public static int lineTailStart(IntPredicate newlineAt, int start, int length) {
        if (start == 0 || newlineAt.test(start - 1)) {
            return start;
        }
        for (int i = start; i < start + (length - start) / 4; i++) {
            if (newlineAt.test(i)) {
                return i + 1;
            }
        }
        return start;
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
