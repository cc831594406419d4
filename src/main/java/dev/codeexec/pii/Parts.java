package dev.codeexec.pii;

import java.util.Arrays;

/**
 * Collects the parts of a window a recognizer hands to the regex ({@link Recognizer#parts}): spans
 * added in ascending order of start, each clipped to the window, overlapping or touching ones merged
 * (a match inside the union of two spans may use both).
 */
final class Parts {

    private static final int[] NONE = new int[0];

    private final int from;
    private final int to;
    private final int minLength;
    private int[] spans = NONE;
    private int size;

    /** Parts of the window {@code [from, to)}; merged parts shorter than {@code minLength} are dropped. */
    Parts(int from, int to, int minLength) {
        this.from = from;
        this.to = to;
        this.minLength = minLength;
    }

    /** Adds {@code [start, end)}; starts must not decrease from one call to the next. */
    void add(int start, int end) {
        start = Math.max(start, from);
        end = Math.min(end, to);
        if (end <= start) {
            return;
        }
        if (size > 0 && start <= spans[size - 1]) {
            spans[size - 1] = Math.max(spans[size - 1], end);
            return;
        }
        dropShortLast();
        if (size == spans.length) {
            spans = Arrays.copyOf(spans, Math.max(8, size * 2));
        }
        spans[size++] = start;
        spans[size++] = end;
    }

    int[] toArray() {
        dropShortLast();
        return size == 0 ? NONE : Arrays.copyOf(spans, size);
    }

    private void dropShortLast() {
        if (size > 0 && spans[size - 1] - spans[size - 2] < minLength) {
            size -= 2;
        }
    }
}
