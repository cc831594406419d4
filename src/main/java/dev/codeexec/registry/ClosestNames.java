package dev.codeexec.registry;

import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Suggestions for a mistyped tool name: the search's best guesses, then the nearest spellings. */
final class ClosestNames {

    private static final int MAX = 3;

    private ClosestNames() {
    }

    static List<String> of(String wanted, Collection<String> names, ToolIndex index) {
        Set<String> out = new LinkedHashSet<>();
        names.stream().filter(n -> distance(wanted, n) <= Math.max(2, wanted.length() / 4))
                .sorted(Comparator.comparingInt((String n) -> distance(wanted, n)).thenComparing(n -> n))
                .limit(MAX).forEach(out::add);
        for (String hit : index.search(wanted, null, MAX)) {
            if (out.size() < MAX) {
                out.add(hit);
            }
        }
        return List.copyOf(out);
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
