package dev.codeexec.pii;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Finds the parts of a text worth searching for one pattern: every place its trigger occurs, widened
 * up to the recognizer's longest match (to the left only as far as a match can begin before its
 * trigger) but only across characters a match can contain, then merged. Each character is examined a
 * bounded number of times, so this is linear.
 */
final class Windows {

    private Windows() {
    }

    /** Merged windows as {@code [start0, end0, start1, end1, ...]}. */
    static int[] around(String text, Trigger trigger, int lead, int pad, IntPredicate inMatch) {
        int n = text.length();
        if (trigger instanceof Trigger.Everywhere) {
            return n == 0 ? new int[0] : new int[] {0, n};
        }
        Scanner scanner = new Scanner(trigger);
        int[] out = new int[16];
        int size = 0;
        int reached = 0; // right extension is never recomputed below this
        int i = 0;
        while ((i = scanner.next(text, i)) >= 0) {
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
            i = blocked ? Math.max(i + 1, end) : i + 1;
        }
        return Arrays.copyOf(out, size);
    }

    /**
     * Finds trigger occurrences; literal triggers are pre-filtered by their first two characters
     * (ASCII, case folded), so common first letters of context words cost no string comparison.
     */
    private static final class Scanner {
        private final Trigger trigger;
        private final boolean[] firstAscii = new boolean[128];
        /** Case-folded ASCII pairs that begin a literal, indexed {@code first * 128 + second}. */
        private final boolean[] pairs = new boolean[128 * 128];
        /** First characters after which any second character may follow (short or non-ASCII literals). */
        private final boolean[] anySecond = new boolean[128];
        private boolean nonAsciiFirst;

        Scanner(Trigger trigger) {
            this.trigger = trigger;
            if (trigger instanceof Trigger.Literal l) {
                for (String lit : l.literals()) {
                    char c = lit.charAt(0);
                    if (c < 128) {
                        firstAscii[Character.toLowerCase(c)] = true;
                        firstAscii[Character.toUpperCase(c)] = true;
                        char second = lit.length() > 1 ? lit.charAt(1) : 128;
                        if (second < 128) {
                            pairs[fold(c) * 128 + fold(second)] = true;
                        } else {
                            anySecond[fold(c)] = true;
                        }
                    } else {
                        nonAsciiFirst = true;
                    }
                }
            }
        }

        private static int fold(char c) {
            return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
        }

        int next(String text, int from) {
            int n = text.length();
            switch (trigger) {
                case Trigger.Digit d -> {
                    for (int i = from; i < n; i++) {
                        char c = text.charAt(i);
                        if (c >= '0' && c <= '9') {
                            return i;
                        }
                    }
                    return -1;
                }
                case Trigger.AnyChar a -> {
                    String chars = a.chars();
                    for (int i = from; i < n; i++) {
                        if (chars.indexOf(text.charAt(i)) >= 0) {
                            return i;
                        }
                    }
                    return -1;
                }
                case Trigger.Literal l -> {
                    for (int i = from; i < n; i++) {
                        char c = text.charAt(i);
                        if (c < 128 ? !firstAscii[c] : !nonAsciiFirst) {
                            continue;
                        }
                        if (c < 128 && !anySecond[fold(c)]) {
                            char second = i + 1 < n ? text.charAt(i + 1) : 0;
                            if (second < 128 && !pairs[fold(c) * 128 + fold(second)]) {
                                continue;
                            }
                        }
                        for (String lit : l.literals()) {
                            if (text.regionMatches(true, i, lit, 0, lit.length())) {
                                return i;
                            }
                        }
                    }
                    return -1;
                }
                case Trigger.Everywhere e -> {
                    return from < n ? from : -1;
                }
            }
        }
    }
}
