package dev.codeexec.pii;

import java.util.Arrays;

/**
 * Finds the parts of a text worth searching for one pattern: every place its trigger occurs (see
 * {@link TriggerIndex}), widened up to the recognizer's longest match (to the left only as far as a
 * match can begin before its trigger) but only across characters a match can contain, then merged.
 * Each character is examined a bounded number of times, so this is linear.
 */
final class Windows {

    private Windows() {
    }

    /**
     * Merged windows as {@code [start0, end0, start1, end1, ...]} around the trigger positions given as
     * runs of consecutive positions {@code [from0, to0, from1, to1, ...]} (ascending; null means the
     * trigger is everywhere). A run is widened as a whole: left from its first position, right from its
     * last. That is the union of the windows of its positions, which touch one another, so the merged
     * windows are the same as widening each position, at a fraction of the visits (a run of twelve
     * digits is one trigger, not twelve).
     */
    static int[] around(char[] text, int[] runs, int lead, int pad, CharClass inMatch) {
        int n = text.length;
        if (runs == null) {
            return n == 0 ? new int[0] : new int[] {0, n};
        }
        int[] out = new int[16];
        int size = 0;
        int reached = 0; // right extension is never recomputed below this
        int skipBelow = 0; // trigger positions below this lie in a window that cannot grow
        boolean any = inMatch.equals(CharClass.ALL);
        for (int r = 0; r < runs.length; r += 2) {
            if (runs[r + 1] <= skipBelow) {
                continue;
            }
            int first = Math.max(runs[r], skipBelow);
            int last = runs[r + 1] - 1;
            int floor = size > 0 ? out[size - 1] : 0;
            int start = first;
            int end = Math.max(last + 1, reached);
            if (any) {
                // every char widens: the walks below would stop only at their bounds
                start = first > floor ? Math.max(floor, first - lead) : first;
                end = Math.max(end, Math.min(n, last + pad + 1));
            }
            while (start > floor && first - start < lead && inMatch.contains(text[start - 1])) {
                start--;
            }
            while (end < n && end - last <= pad && inMatch.contains(text[end])) {
                end++;
            }
            reached = end;
            // A window that ended at a character no match contains cannot grow from any trigger
            // inside it, so those triggers need not be visited: this keeps digit runs cheap.
            if (end >= n || !inMatch.contains(text[end])) {
                skipBelow = end;
            }
            if (size > 0 && start <= out[size - 1]) {
                out[size - 1] = Math.max(out[size - 1], end);
            } else {
                if (size == out.length) {
                    out = Arrays.copyOf(out, size * 2);
                }
                out[size++] = start;
                out[size++] = end;
            }
        }
        return Arrays.copyOf(out, size);
    }
}
