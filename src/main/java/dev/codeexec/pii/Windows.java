package dev.codeexec.pii;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Finds the parts of a text worth searching for one pattern: every place its trigger occurs (see
 * {@link TriggerIndex}), widened
 * up to the recognizer's longest match (to the left only as far as a match can begin before its
 * trigger) but only across characters a match can contain, then merged. Each character is examined a
 * bounded number of times, so this is linear.
 */
final class Windows {

    private Windows() {
    }

    /**
     * Merged windows as {@code [start0, end0, start1, end1, ...]} around the given trigger positions
     * (ascending; null means the trigger is everywhere).
     */
    static int[] around(String text, int[] triggers, int lead, int pad, IntPredicate inMatch) {
        int n = text.length();
        if (triggers == null) {
            return n == 0 ? new int[0] : new int[] {0, n};
        }
        int[] out = new int[16];
        int size = 0;
        int reached = 0; // right extension is never recomputed below this
        int t = 0;
        while (t < triggers.length) {
            int i = triggers[t];
            int floor = size > 0 ? out[size - 1] : 0;
            int start = i;
            while (start > floor && i - start < lead && inMatch.test(text.charAt(start - 1))) {
                start--;
            }
            int end = Math.max(i + 1, reached);
            while (end < n && end - i <= pad && inMatch.test(text.charAt(end))) {
                end++;
            }
            reached = end;
            // A window that ended at a character no match contains cannot grow from any trigger
            // inside it, so those triggers need not be visited: this keeps digit runs cheap.
            boolean blocked = end >= n || !inMatch.test(text.charAt(end));
            if (size > 0 && start <= out[size - 1]) {
                out[size - 1] = Math.max(out[size - 1], end);
            } else {
                if (size == out.length) {
                    out = Arrays.copyOf(out, size * 2);
                }
                out[size++] = start;
                out[size++] = end;
            }
            t++;
            while (blocked && t < triggers.length && triggers[t] < end) {
                t++;
            }
        }
        return Arrays.copyOf(out, size);
    }
}
