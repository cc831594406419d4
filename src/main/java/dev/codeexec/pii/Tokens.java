package dev.codeexec.pii;

import java.util.ArrayList;
import java.util.List;

/**
 * The token syntax, {@code <TYPE_N>}: readable to a model, unlikely in ordinary text, and found here
 * by a hand-written linear scan.
 */
final class Tokens {

    /** Longest token looked at; real tokens are far shorter. */
    static final int MAX_LENGTH = 96;

    private Tokens() {
    }

    static String format(String type, int number) {
        return "<" + type + "_" + number + ">";
    }

    /** Spans {@code [start, end)} of every token-shaped string in {@code text}, in order. */
    static List<int[]> find(String text) {
        List<int[]> spans = new ArrayList<>();
        int i = text.indexOf('<');
        while (i >= 0) {
            int end = tokenEnd(text, i);
            if (end > 0) {
                spans.add(new int[] {i, end});
                i = text.indexOf('<', end);
            } else {
                i = text.indexOf('<', i + 1);
            }
        }
        return spans;
    }

    /** End (exclusive) of a token starting at {@code start}, or -1 when none starts there. */
    private static int tokenEnd(String text, int start) {
        int limit = Math.min(text.length(), start + MAX_LENGTH);
        int lastUnderscore = -1;
        for (int i = start + 1; i < limit; i++) {
            char c = text.charAt(i);
            if (c == '>') {
                boolean numbered = lastUnderscore > start + 1 && lastUnderscore < i - 1;
                for (int j = lastUnderscore + 1; numbered && j < i; j++) {
                    numbered = Character.isDigit(text.charAt(j));
                }
                char first = text.charAt(start + 1);
                return numbered && first >= 'A' && first <= 'Z' ? i + 1 : -1;
            }
            if (c == '_') {
                lastUnderscore = i;
            } else if (!(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')) {
                return -1;
            }
        }
        return -1;
    }
}
