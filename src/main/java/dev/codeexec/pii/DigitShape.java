package dev.codeexec.pii;

import java.util.Arrays;

/**
 * What every match of a digit-heavy pattern looks like, declared beside the pattern: ASCII digits and
 * some other chars (separators, brackets, a letter prefix), never more than {@code maxGap} of those
 * others in a row (at either end included), at least {@code minDigits} digits in at least
 * {@code minGroups} runs of digits. For {@code \d{3}-\d{2}-\d{4}} that is digits and {@code -}, gaps of
 * one, nine digits in three runs.
 *
 * <p>From it the analyzer derives the only text the pattern's regex must see: the text's chains of this
 * shape (or those inside a context window). Most digits in a text belong to dates, amounts and numbers
 * of other shapes, so each pattern's NFA runs only over text shaped like its own matches, and a pattern
 * finds exactly what it would find searching the whole text, since every match lies inside one chain
 * and each chain holds all of the text such a match can use.
 */
public record DigitShape(CharClass others, int maxGap, int minDigits, int minGroups, short gapKinds) {

    /**
     * {@code minGroups} is the fewest runs of digits a match holds ({@code \d{3}-\d{2}-\d{4}}: three);
     * {@code gapKinds} are the others as {@link GapKinds}, or -1 when they are not a union of kinds.
     */
    public DigitShape {
        if (maxGap < 0 || minDigits < 1 || minGroups < 1) {
            throw new IllegalArgumentException("maxGap must be >= 0, minDigits and minGroups >= 1");
        }
    }

    public DigitShape(CharClass others, int maxGap, int minDigits, int minGroups) {
        this(others, maxGap, minDigits, minGroups, GapKinds.of(others));
    }

    /** Digits joined by the given chars, at most {@code maxGap} of them in a row. */
    static DigitShape of(String others, int maxGap, int minDigits, int minGroups) {
        return new DigitShape(CharClass.of(c -> others.indexOf(c) >= 0), maxGap, minDigits, minGroups);
    }

    /** Digits after up to {@code letters} ASCII capitals (a licence or passport number). */
    static DigitShape lettersThenDigits(int letters, int minDigits) {
        return new DigitShape(CharClass.of(c -> c >= 'A' && c <= 'Z'), letters, minDigits, 1);
    }

    /**
     * The chains of {@code text[from, to)} a match can lie in, as ascending disjoint
     * {@code [start0, end0, ...]}: maximal runs of digits and the other chars, cut where more than
     * {@code 2 * maxGap} others follow one another (a match reaches at most {@code maxGap} into such a
     * gap from either side), keeping only chains of at least {@code minGroups} runs of digits and at
     * least {@code minDigits} digits (or the caller's higher bound: fewer digits could only make matches
     * that validation rejects, and every match overlapping one of them lies in the same chain).
     */
    int[] parts(String text, int from, int to, int atLeastDigits) {
        int needed = Math.max(minDigits, atLeastDigits);
        int[] out = new int[8];
        int size = 0;
        int i = from;
        while (i < to) {
            char c = text.charAt(i);
            if (!isDigit(c) && !others.contains(c)) {
                i++;
                continue;
            }
            int chainStart = -1;
            int digits = 0;
            int groups = 0;
            int gapStart = -1; // start of the current run of others, -1 after a digit
            for (; i < to && (isDigit(c = text.charAt(i)) || others.contains(c)); i++) {
                if (!isDigit(c)) {
                    gapStart = gapStart < 0 ? i : gapStart;
                    continue;
                }
                if (chainStart < 0) {
                    chainStart = gapStart < 0 ? i : Math.max(gapStart, i - maxGap);
                    groups = 1;
                } else if (gapStart >= 0 && i - gapStart > 2 * maxGap) {
                    if (digits >= needed && groups >= minGroups) {
                        out = add(out, size, chainStart, gapStart + maxGap);
                        size += 2;
                    }
                    chainStart = i - maxGap;
                    digits = 0;
                    groups = 1;
                } else if (gapStart >= 0) {
                    groups++;
                }
                gapStart = -1;
                digits++;
            }
            if (chainStart >= 0 && digits >= needed && groups >= minGroups) {
                out = add(out, size, chainStart, gapStart < 0 ? i : Math.min(i, gapStart + maxGap));
                size += 2;
            }
        }
        return Arrays.copyOf(out, size);
    }

    /**
     * The same chains as {@link #parts} over the whole text, built from its digit runs
     * ({@code [from0, to0, ...]}, see {@link TriggerIndex}) rather than char by char: consecutive runs
     * join when what lies between them is at most {@code 2 * maxGap} others; a chain reaches up to
     * {@code maxGap} others past its first and last digit.
     */
    int[] chains(char[] text, int[] digitRuns, short[] gaps, int atLeastDigits) {
        int needed = Math.max(minDigits, atLeastDigits);
        short kinds = gapKinds;
        boolean byKinds = kinds >= 0 && 2 * maxGap <= GapKinds.LONGEST;
        int[] out = new int[8];
        int size = 0;
        int k = 0;
        while (k < digitRuns.length) {
            int first = digitRuns[k];
            int digits = digitRuns[k + 1] - digitRuns[k];
            int end = digitRuns[k + 1];
            int groups = 1;
            k += 2;
            while (k < digitRuns.length && (byKinds
                    ? digitRuns[k] - end <= 2 * maxGap && (gaps[k / 2] & ~kinds) == 0
                    : joins(text, end, digitRuns[k]))) {
                digits += digitRuns[k + 1] - digitRuns[k];
                end = digitRuns[k + 1];
                groups++;
                k += 2;
            }
            if (digits >= needed && groups >= minGroups) { // most chains are short: measure ends only if kept
                out = add(out, size, first - othersBefore(text, first), end + othersAfter(text, end));
                size += 2;
            }
        }
        return Arrays.copyOf(out, size);
    }

    private boolean joins(char[] text, int gapStart, int gapEnd) {
        if (gapEnd - gapStart > 2 * maxGap) {
            return false;
        }
        for (int i = gapStart; i < gapEnd; i++) {
            if (!others.contains(text[i])) {
                return false;
            }
        }
        return true;
    }

    private int othersBefore(char[] text, int at) {
        int n = 0;
        while (n < maxGap && at - n > 0 && others.contains(text[at - n - 1])) {
            n++;
        }
        return n;
    }

    private int othersAfter(char[] text, int at) {
        int n = 0;
        while (n < maxGap && at + n < text.length && others.contains(text[at + n])) {
            n++;
        }
        return n;
    }

    private static int[] add(int[] out, int size, int start, int end) {
        int[] grown = size + 2 > out.length ? Arrays.copyOf(out, out.length * 2) : out;
        grown[size] = start;
        grown[size + 1] = end;
        return grown;
    }

    /** An ASCII digit: what every digit run, chain and digit count in the analysis is made of. */
    static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
