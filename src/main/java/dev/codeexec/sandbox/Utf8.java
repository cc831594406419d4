package dev.codeexec.sandbox;

import dev.codeexec.Utf8Boundaries;

/**
 * What UTF-8 output weighs once shown, and cuts by that weight on character edges (where characters begin and end:
 * {@link Utf8Boundaries}).
 */
public final class Utf8 {

    /** What a byte that is not UTF-8 weighs shown: U+FFFD, three bytes. */
    private static final int REPLACEMENT_WEIGHT = 3;
    /** What a control character other than tab, newline and return weighs shown: its JSON escape, six characters. */
    private static final int CONTROL_WEIGHT = 6;

    private Utf8() {
    }

    /**
     * What {@code bytes[from, to)} weighs once decoded and put in a tool result, at most: UTF-8 text its own bytes;
     * a byte that is not part of a well-formed character the U+FFFD it decodes to; a control character its JSON
     * escape. Printed binary would otherwise come back three to six times its bytes.
     */
    public static long shownWeight(byte[] bytes, int from, int to) {
        long weight = 0;
        for (int i = from; i < to; ) {
            int n = wellFormed(bytes, i, to);
            weight += weightAt(bytes, i, n);
            i += Math.max(n, 1);
        }
        return weight;
    }

    /** The end of the longest prefix of {@code bytes[from, to)} shown within {@code weight}, on a character edge. */
    public static int prefixShownWithin(byte[] bytes, int from, int to, long weight) {
        long used = 0;
        int i = from;
        while (i < to) {
            int n = wellFormed(bytes, i, to);
            used += weightAt(bytes, i, n);
            if (used > weight) {
                break;
            }
            i += Math.max(n, 1);
        }
        return i;
    }

    /**
     * The start of the longest suffix of {@code bytes[from, to)} shown within {@code weight}, on a character boundary
     * as read from {@code from}.
     */
    public static int suffixShownWithin(byte[] bytes, int from, int to, long weight) {
        int[] starts = new int[to - from + 1];
        long[] after = new long[to - from + 1];
        int count = 0;
        long total = 0;
        for (int i = from; i < to; ) {
            int n = wellFormed(bytes, i, to);
            starts[count] = i;
            after[count++] = total;
            total += weightAt(bytes, i, n);
            i += Math.max(n, 1);
        }
        for (int k = 0; k < count; k++) {
            if (total - after[k] <= weight) {
                return starts[k];
            }
        }
        return to;
    }

    private static int weightAt(byte[] bytes, int i, int n) {
        if (n == 0) {
            return REPLACEMENT_WEIGHT;
        }
        return n == 1 && escaped(bytes[i] & 0xFF) ? CONTROL_WEIGHT : n;
    }

    /** A control character JSON writes as a six-character escape: all but tab, newline and return. */
    private static boolean escaped(int c) {
        return c < 0x20 && c != '\t' && c != '\n' && c != '\r';
    }

    /**
     * The length of the well-formed character starting at {@code i} (RFC 3629: no overlong forms, surrogates or
     * code points past U+10FFFF), or 0 when the byte there begins none.
     */
    static int wellFormed(byte[] bytes, int i, int to) {
        int b = bytes[i] & 0xFF;
        int more = continuations(b);
        if (more <= 0) {
            return more == 0 ? 1 : 0;
        }
        if (i + more >= to) {
            return 0;
        }
        int second = bytes[i + 1] & 0xFF;
        if (second < secondLow(b) || second > secondHigh(b)) {
            return 0;
        }
        for (int k = i + 2; k <= i + more; k++) {
            if (!Utf8Boundaries.isContinuation(bytes[k])) {
                return 0;
            }
        }
        return more + 1;
    }

    /** How many continuation bytes the lead byte {@code b} takes: 0 for ASCII, -1 when it begins no character. */
    private static int continuations(int b) {
        return Utf8Boundaries.sequenceLength(b) - 1;
    }

    /** The range the byte after lead {@code b} must fall in: no overlong forms, surrogates or code points past U+10FFFF. */
    private static int secondLow(int b) {
        return b == 0xE0 ? 0xA0 : b == 0xF0 ? 0x90 : 0x80;
    }

    private static int secondHigh(int b) {
        return b == 0xED ? 0x9F : b == 0xF4 ? 0x8F : 0xBF;
    }

    /** Whether {@code bytes[from, to)} is well-formed UTF-8 throughout. */
    public static boolean isWellFormed(byte[] bytes, int from, int to) {
        for (int i = from; i < to; ) {
            int n = wellFormed(bytes, i, to);
            if (n == 0) {
                return false;
            }
            i += n;
        }
        return true;
    }

    /**
     * Reads a stream fed in pieces as {@link #shownWeight} and {@link #isWellFormed} read it whole: what it weighs in
     * a tool result, and whether it is text as the workspace serves a file (well-formed UTF-8 without a NUL byte).
     */
    public static final class Scan {
        private long weight;
        private boolean text = true;
        /** Bytes of the character begun, how many more it needs, and the range the next one must fall in. */
        private int pending;
        private int need;
        private int low = 0x80;
        private int high = 0xBF;

        public void add(byte[] bytes, int offset, int length) {
            for (int i = offset; i < offset + length; i++) {
                take(bytes[i] & 0xFF);
            }
        }

        private void take(int b) {
            if (need > 0) {
                if (b >= low && b <= high) {
                    pending++;
                    low = 0x80;
                    high = 0xBF;
                    if (--need == 0) {
                        weight += pending;
                        pending = 0;
                    }
                    return;
                }
                // The character broke off: each byte of it decodes to U+FFFD, and b starts afresh.
                broken();
            }
            int more = continuations(b);
            if (more == 0) {
                weight += escaped(b) ? CONTROL_WEIGHT : 1;
                text &= b != 0;
            } else if (more > 0) {
                pending = 1;
                need = more;
                low = secondLow(b);
                high = secondHigh(b);
            } else {
                weight += REPLACEMENT_WEIGHT;
                text = false;
            }
        }

        private void broken() {
            weight += (long) REPLACEMENT_WEIGHT * pending;
            text = false;
            pending = 0;
            need = 0;
            low = 0x80;
            high = 0xBF;
        }

        /** What everything added weighs shown, a character still incomplete as the U+FFFDs it would decode to. */
        public long weight() {
            return weight + (long) REPLACEMENT_WEIGHT * pending;
        }

        /** Whether everything added is text, ending on a whole character. */
        public boolean text() {
            return text && need == 0;
        }
    }

    /** UTF-8 bytes of {@code s} without encoding it: what text weighs in a model's context. */
    public static long length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            n += unitBytes(s.charAt(i));
        }
        return n;
    }

    /** A UTF-16 unit's share of its character's UTF-8 bytes (each half of a surrogate pair two). */
    private static int unitBytes(char c) {
        return c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
    }

    /** What {@code s} weighs in a tool result, as {@link #shownWeight} weighs bytes: a control character its escape. */
    public static long shownLength(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += escaped(c) ? CONTROL_WEIGHT : unitBytes(c);
        }
        return n;
    }

    /** The end of the longest prefix of {@code s} within {@code bytes} UTF-8 bytes that splits no character. */
    public static int prefixWithin(String s, int bytes) {
        int used = 0;
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            used += size(cp);
            if (used > bytes) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    /** The start of the longest suffix of {@code s} within {@code bytes} UTF-8 bytes that splits no character. */
    public static int suffixWithin(String s, int bytes) {
        int used = 0;
        int i = s.length();
        while (i > 0) {
            int cp = s.codePointBefore(i);
            used += size(cp);
            if (used > bytes) {
                break;
            }
            i -= Character.charCount(cp);
        }
        return i;
    }

    private static int size(int codePoint) {
        return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    }

}
