package dev.codeexec.pii;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.HashMap;
import java.util.Map;

/**
 * Where each trigger occurs in one text, found once per analysis and shared by every recognizer with
 * that trigger. Literals are found with {@link String#indexOf(String)} (vectorized by the JVM) over a
 * case-folded copy of the text, which is far cheaper than comparing at every position; folding is the
 * per-char rule of {@link String#regionMatches(boolean, int, String, int, int)}, so matches are the same.
 */
final class TriggerIndex {

    private final String text;
    private final Map<Trigger, int[]> positions = new HashMap<>();
    private String folded;

    TriggerIndex(String text) {
        this.text = text;
    }

    /** Ascending start positions of the trigger's occurrences; null for {@link Trigger.Everywhere}. */
    int[] positions(Trigger trigger) {
        if (trigger instanceof Trigger.Everywhere) {
            return null;
        }
        return positions.computeIfAbsent(trigger, this::find);
    }

    /**
     * Finds the occurrences of every literal of the given triggers in one pass over the folded text,
     * instead of one {@code indexOf} pass per literal (dozens of passes over the whole text): positions
     * whose first three chars begin no literal are skipped with one table look-up. Same positions as
     * {@link #find}: every start of every literal, overlapping ones included.
     */
    void findLiterals(Collection<Trigger> triggers) {
        List<Trigger.Literal> todo = new ArrayList<>();
        Map<String, Integer> needleIds = new LinkedHashMap<>();
        for (Trigger t : triggers) {
            // Literals under three chars (rare) are left to the per-literal search.
            if (t instanceof Trigger.Literal l && !positions.containsKey(t) && !todo.contains(l)
                    && l.literals().stream().allMatch(literal -> literal.length() >= 3)) {
                l.literals().forEach(literal -> needleIds.putIfAbsent(fold(literal), needleIds.size()));
                todo.add(l);
            }
        }
        if (todo.size() < 2) {
            return;
        }
        String[] needles = needleIds.keySet().toArray(new String[0]);
        int[][] buckets = new int[BUCKETS][];
        long[] filled = new long[BUCKETS / 64]; // the buckets in use, small enough to stay in L1 cache
        for (int id = 0; id < needles.length; id++) {
            int b = bucket(needles[id].charAt(0), needles[id].charAt(1), needles[id].charAt(2));
            int[] old = buckets[b] == null ? new int[0] : buckets[b];
            buckets[b] = Arrays.copyOf(old, old.length + 1);
            buckets[b][old.length] = id;
            filled[b >>> 6] |= 1L << b;
        }
        BitSet[] hits = new BitSet[needles.length];
        for (int id = 0; id < needles.length; id++) {
            hits[id] = new BitSet();
        }
        String f = folded();
        char[] chars = f.toCharArray();
        for (int i = 0; i + 2 < chars.length; i++) {
            int b = bucket(chars[i], chars[i + 1], chars[i + 2]);
            if ((filled[b >>> 6] & 1L << b) != 0) {
                for (int id : buckets[b]) {
                    if (f.startsWith(needles[id], i)) {
                        hits[id].set(i);
                    }
                }
            }
        }
        for (Trigger.Literal l : todo) {
            BitSet at = new BitSet(text.length());
            for (String literal : l.literals()) {
                at.or(hits[needleIds.get(fold(literal))]);
            }
            positions.put(l, at.stream().toArray());
        }
    }

    private static final int BUCKETS = 1 << 16;

    private static int bucket(char first, char second, char third) {
        return ((first * 31 + second) * 31 + third) & (BUCKETS - 1);
    }

    private int[] find(Trigger trigger) {
        if (trigger instanceof Trigger.Digit) {
            return digits();
        }
        BitSet at = new BitSet(text.length());
        switch (trigger) {
            case Trigger.Digit d -> {
                for (int i = 0; i < text.length(); i++) {
                    char c = text.charAt(i);
                    if (c >= '0' && c <= '9') {
                        at.set(i);
                    }
                }
            }
            case Trigger.AnyChar a -> {
                for (int k = 0; k < a.chars().length(); k++) {
                    char c = a.chars().charAt(k);
                    for (int i = text.indexOf(c); i >= 0; i = text.indexOf(c, i + 1)) {
                        at.set(i);
                    }
                }
            }
            case Trigger.Literal l -> {
                String f = folded();
                for (String literal : l.literals()) {
                    String needle = fold(literal);
                    for (int i = f.indexOf(needle); i >= 0; i = f.indexOf(needle, i + 1)) {
                        at.set(i);
                    }
                }
            }
            case Trigger.Everywhere e -> throw new IllegalArgumentException("no positions for Everywhere");
        }
        return at.stream().toArray();
    }

    /** Digit positions straight into an array: the digit trigger is the commonest and has the most. */
    private int[] digits() {
        int[] out = new int[1024];
        int size = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                if (size == out.length) {
                    out = Arrays.copyOf(out, size * 2);
                }
                out[size++] = i;
            }
        }
        return Arrays.copyOf(out, size);
    }

    private String folded() {
        if (folded == null) {
            folded = fold(text);
        }
        return folded;
    }

    /** One char for one char, so positions in the folded copy are positions in the text. */
    private static String fold(String s) {
        char[] out = new char[s.length()];
        for (int i = 0; i < out.length; i++) {
            char c = s.charAt(i);
            out[i] = c < 128 ? (c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c)
                    : Character.toLowerCase(Character.toUpperCase(c));
        }
        return new String(out);
    }
}
