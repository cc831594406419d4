package dev.codeexec.pii;

import java.util.BitSet;
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

    private int[] find(Trigger trigger) {
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
