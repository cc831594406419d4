package dev.codeexec.pii;

import java.util.Arrays;

/**
 * Finds the parts of a text worth searching for one recognizer: every place its trigger occurs,
 * padded by the recognizer's longest match and merged. One pass over the text, so linear.
 */
final class Windows {

    private Windows() {
    }

    /** Merged windows as {@code [start0, end0, start1, end1, ...]}. */
    static int[] around(String text, Trigger trigger, int pad) {
        int n = text.length();
        if (trigger instanceof Trigger.Everywhere) {
            return n == 0 ? new int[0] : new int[] {0, n};
        }
        int[] out = new int[16];
        int size = 0;
        int i = 0;
        while ((i = next(text, trigger, i)) >= 0) {
            int start = Math.max(0, i - pad);
            int end = (int) Math.min(n, (long) i + pad + 1);
            if (size > 0 && start <= out[size - 1]) {
                out[size - 1] = Math.max(out[size - 1], end);
            } else {
                if (size == out.length) {
                    out = Arrays.copyOf(out, size * 2);
                }
                out[size++] = start;
                out[size++] = end;
            }
            // Everything up to the window's end is covered already; skip ahead, staying linear.
            i = Math.max(i + 1, out[size - 1] - pad);
        }
        return Arrays.copyOf(out, size);
    }

    /** Index of the next trigger occurrence at or after {@code from}, or -1. */
    private static int next(String text, Trigger trigger, int from) {
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
                    char c = (char) (text.charAt(i) | 0x20);
                    for (String lit : l.literals()) {
                        if ((lit.charAt(0) | 0x20) == c && text.regionMatches(true, i, lit, 0, lit.length())) {
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
