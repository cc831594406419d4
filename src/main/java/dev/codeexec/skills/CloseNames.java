package dev.codeexec.skills;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Suggestions for a name that does not exist: small edit distance, or one name containing the other. */
final class CloseNames {

    static final int MAX_SUGGESTIONS = 5;

    private CloseNames() {
    }

    static List<String> near(String wanted, Collection<String> existing) {
        String w = wanted.toLowerCase(Locale.ROOT);
        int allowed = Math.max(1, Math.min(3, w.length() / 3));
        record Candidate(String name, int distance) {
        }
        return existing.stream()
                .map(n -> new Candidate(n, distance(w, n.toLowerCase(Locale.ROOT))))
                .filter(c -> c.distance() <= allowed || contains(c.name().toLowerCase(Locale.ROOT), w))
                .sorted(Comparator.comparingInt(Candidate::distance).thenComparing(Candidate::name))
                .limit(MAX_SUGGESTIONS).map(Candidate::name).toList();
    }

    private static boolean contains(String a, String b) {
        return Math.min(a.length(), b.length()) >= 3 && (a.contains(b) || b.contains(a));
    }

    /** Levenshtein distance with two rolling rows. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
