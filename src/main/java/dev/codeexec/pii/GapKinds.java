package dev.codeexec.pii;

/**
 * What the gaps between a text's digit runs are made of, found once per analysis and shared by every
 * {@link DigitShape}: one bit per kind of joining char present (blank, dash, dot, slash, brackets,
 * plus, capital letter), and {@link #OTHER} for any other char or a gap longer than {@link #LONGEST}.
 * A shape whose others are exactly a union of kinds decides whether runs join with one mask test.
 */
final class GapKinds {

    /** Gaps longer than this are never joined by the shapes that use kinds (twice their maxGap is less). */
    static final int LONGEST = 8;
    static final short OTHER = 1 << 8;
    private static final String KINDS = " -./()+";
    private static final short CAPITAL = 1 << 7;

    private GapKinds() {
    }

    /** Per digit run, the kinds in the gap before it (the first run's entry is unused). */
    static short[] of(char[] text, int[] digitRuns) {
        short[] kinds = new short[digitRuns.length / 2];
        for (int k = 2; k < digitRuns.length; k += 2) {
            int from = digitRuns[k - 1];
            int to = digitRuns[k];
            if (to - from > LONGEST) {
                kinds[k / 2] = OTHER;
                continue;
            }
            short mask = 0;
            for (int i = from; i < to; i++) {
                mask |= kind(text[i]);
            }
            kinds[k / 2] = mask;
        }
        return kinds;
    }

    /** The kinds whose union is exactly {@code chars}, or -1 when no union of kinds is. */
    static short of(CharClass chars) {
        short mask = 0;
        for (int k = 0; k < KINDS.length(); k++) {
            if (chars.contains(KINDS.charAt(k))) {
                mask |= (short) (1 << k);
            }
        }
        int capitals = 0;
        for (char c = 'A'; c <= 'Z'; c++) {
            capitals += chars.contains(c) ? 1 : 0;
        }
        if (capitals == 26) {
            mask |= CAPITAL;
        } else if (capitals > 0) {
            return -1;
        }
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            if (chars.contains((char) c) && kind((char) c) == OTHER) {
                return -1;
            }
        }
        return mask;
    }

    private static short kind(char c) {
        if (c >= 'A' && c <= 'Z') {
            return CAPITAL;
        }
        int k = KINDS.indexOf(c);
        return k >= 0 ? (short) (1 << k) : OTHER;
    }
}
