package dev.codeexec.pii;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each trigger occurs in one text, found once per analysis and shared by every recognizer with
 * that trigger. Positions are kept as runs of consecutive positions (a twelve-digit number is one run),
 * which is all {@link Windows} needs. Literals match ignoring case with the per-char folding of
 * {@link String#regionMatches(boolean, int, String, int, int)}.
 */
final class TriggerIndex {

    /** Per char, its case-folded form (upper then lower case, as regionMatches does); never written after class init. */
    private static final char[] FOLD = foldTable();
    private static final char[] ASCII_FOLD = java.util.Arrays.copyOf(FOLD, 128);

    private final String text;
    private final char[] chars;
    private final Map<Trigger, int[]> runs = new HashMap<>();
    private short[] digitGapKinds;

    TriggerIndex(String text) {
        this.text = text;
        this.chars = text.toCharArray();
    }

    String text() {
        return text;
    }

    /** What lies between consecutive digit runs, found on first use; see {@link GapKinds}. */
    short[] digitGapKinds() {
        if (digitGapKinds == null) {
            digitGapKinds = GapKinds.of(chars, runs(Trigger.digit()));
        }
        return digitGapKinds;
    }

    /** The text's chars, shared by the scans of one analysis instead of one String.charAt per visit. */
    char[] chars() {
        return chars;
    }

    /**
     * The trigger's occurrences as ascending, disjoint runs {@code [from0, to0, from1, to1, ...]} of
     * consecutive start positions; null for {@link Trigger.Everywhere}.
     */
    int[] runs(Trigger trigger) {
        if (trigger instanceof Trigger.Everywhere) {
            return null;
        }
        int[] found = runs.get(trigger);
        if (found == null) {
            found = find(trigger); // not computeIfAbsent: finding literals records every trigger it finds
            runs.put(trigger, found);
        }
        return found;
    }

    /**
     * Finds the occurrences of every literal of the set's triggers in one pass over the text, instead of
     * one search per literal (dozens of passes over the whole text): positions whose first three folded
     * chars begin no literal of three or more chars, and whose first char begins no shorter literal,
     * are passed over with two bit tests. Every start of every literal is found, overlapping ones included.
     */
    void findLiterals(LiteralSet set) {
        if (set.triggers.isEmpty() || set.triggers.stream().allMatch(runs::containsKey)) {
            return;
        }
        // Occurrences as (needle, position) pairs, in ascending position order.
        int[] hitNeedle = new int[64];
        int[] hitAt = new int[64];
        int hitCount = 0;
        int n = chars.length;
        for (int i : candidates(chars, set.filled, set.shortFirsts)) {
            char f0 = fold(chars[i]);
            int[] ids = null;
            if (i + 2 < n) {
                int b = LiteralSet.bucket(f0, fold(chars[i + 1]), fold(chars[i + 2]));
                ids = (set.filled[b >>> 6] & 1L << b) != 0 ? set.buckets[b] : null;
            }
            for (int pass = 0; pass < 2; pass++) {
                if (ids != null) {
                    for (int id : ids) {
                        if (foldedAt(i, set.needles[id])) {
                            if (hitCount == hitAt.length) {
                                hitAt = Arrays.copyOf(hitAt, hitCount * 2);
                                hitNeedle = Arrays.copyOf(hitNeedle, hitCount * 2);
                            }
                            hitNeedle[hitCount] = id;
                            hitAt[hitCount++] = i;
                        }
                    }
                }
                ids = pass == 0 && set.shortFirsts != null && (set.shortFirsts[f0 >>> 6] & 1L << f0) != 0
                        ? set.shortByFirst.get(f0) : null;
            }
        }
        for (int t = 0; t < set.triggers.size(); t++) {
            if (runs.containsKey(set.triggers.get(t))) {
                continue;
            }
            boolean[] mine = new boolean[set.needles.length];
            for (int id : set.needlesOf[t]) {
                mine[id] = true;
            }
            RunCollector collected = new RunCollector();
            for (int h = 0; h < hitCount; h++) {
                if (mine[hitNeedle[h]]) {
                    collected.add(hitAt[h]);
                }
            }
            runs.put(set.triggers.get(t), collected.toArray());
        }
    }

    /**
     * Positions whose first three folded chars fall in a used bucket, or whose first char begins a
     * short literal: the one loop over every char, kept small so that the JIT compiles it tight.
     */
    private static int[] candidates(char[] chars, long[] filled, long[] shortFirsts) {
        int[] out = new int[256];
        int size = 0;
        int n = chars.length;
        for (int i = 0; i + 2 < n; i++) {
            int b = LiteralSet.bucket(fold(chars[i]), fold(chars[i + 1]), fold(chars[i + 2]));
            if ((filled[b >>> 6] & 1L << b) != 0) {
                if (size == out.length) {
                    out = Arrays.copyOf(out, size * 2);
                }
                out[size++] = i;
            }
        }
        if (shortFirsts != null) {
            int[] more = new int[256];
            int count = 0;
            for (int i = 0; i < n; i++) {
                char f = fold(chars[i]);
                if ((shortFirsts[f >>> 6] & 1L << f) != 0) {
                    if (count == more.length) {
                        more = Arrays.copyOf(more, count * 2);
                    }
                    more[count++] = i;
                }
            }
            int[] merged = new int[size + count];
            System.arraycopy(out, 0, merged, 0, size);
            System.arraycopy(more, 0, merged, size, count);
            return Arrays.stream(merged).sorted().distinct().toArray();
        }
        return Arrays.copyOf(out, size);
    }

    /** The folded char; ASCII from a table small enough to stay in L1 cache. */
    private static char fold(char c) {
        return c < 128 ? ASCII_FOLD[c] : FOLD[c];
    }

    private boolean foldedAt(int at, char[] needle) {
        if (at + needle.length > chars.length) {
            return false;
        }
        for (int k = 0; k < needle.length; k++) {
            if (fold(chars[at + k]) != needle[k]) {
                return false;
            }
        }
        return true;
    }

    private int[] find(Trigger trigger) {
        return switch (trigger) {
            case Trigger.Digit d -> digitRuns();
            case Trigger.AnyChar a -> anyCharRuns(a.chars());
            case Trigger.Literal l -> {
                findLiterals(LiteralSet.of(List.of(l)));
                yield runs.get(l);
            }
            case Trigger.Everywhere e -> throw new IllegalArgumentException("no positions for Everywhere");
        };
    }

    /**
     * Runs of positions holding any of {@code set}: one vectorized {@link String#indexOf(int, int)} scan
     * per char, since these are rare chars (an at sign, a colon), then merged.
     */
    private int[] anyCharRuns(String set) {
        int[] positions = new int[0];
        for (int k = 0; k < set.length(); k++) {
            int[] of = new int[64];
            int size = 0;
            for (int i = text.indexOf(set.charAt(k)); i >= 0; i = text.indexOf(set.charAt(k), i + 1)) {
                if (size == of.length) {
                    of = Arrays.copyOf(of, size * 2);
                }
                of[size++] = i;
            }
            positions = merge(positions, Arrays.copyOf(of, size));
        }
        RunCollector collected = new RunCollector();
        for (int p : positions) {
            collected.add(p);
        }
        return collected.toArray();
    }

    /** Gathers ascending positions, a position possibly more than once, into runs of consecutive ones. */
    private static final class RunCollector {
        private int[] runs = new int[16];
        private int size;

        void add(int p) {
            if (size > 0 && runs[size - 1] > p) { // already in the last run (two literals at one place)
                return;
            }
            if (size > 0 && runs[size - 1] == p) {
                runs[size - 1] = p + 1;
                return;
            }
            if (size == runs.length) {
                runs = Arrays.copyOf(runs, size * 2);
            }
            runs[size++] = p;
            runs[size++] = p + 1;
        }

        int[] toArray() {
            return Arrays.copyOf(runs, size);
        }
    }

    private static int[] merge(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        for (int k = 0; k < out.length; k++) {
            out[k] = j >= b.length || i < a.length && a[i] < b[j] ? a[i++] : b[j++];
        }
        return out;
    }

    /** Runs of ASCII digits straight into an array: the digit trigger is the commonest and has the most. */
    private int[] digitRuns() {
        int[] out = new int[1024];
        int size = 0;
        int n = chars.length;
        for (int i = 0; i < n; i++) {
            if (DigitShape.isDigit(chars[i])) {
                int start = i;
                while (i + 1 < n && DigitShape.isDigit(chars[i + 1])) {
                    i++;
                }
                if (size == out.length) {
                    out = Arrays.copyOf(out, size * 2);
                }
                out[size++] = start;
                out[size++] = i + 1;
            }
        }
        return Arrays.copyOf(out, size);
    }


    /** One char for one char, so positions in the folded form are positions in the text. */
    static String fold(String s) {
        char[] out = new char[s.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = FOLD[s.charAt(i)];
        }
        return new String(out);
    }

    private static char[] foldTable() {
        char[] table = new char[Character.MAX_VALUE + 1];
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            table[c] = Character.toLowerCase(Character.toUpperCase((char) c));
        }
        return table;
    }
}
