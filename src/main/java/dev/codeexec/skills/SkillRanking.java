package dev.codeexec.skills;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Relevance of a skill to a free-text query: a weighted count of query words found in the name,
 * the tags and the description. Skills are few (hundreds), so scoring them all in memory is
 * simpler than keeping an index in step with the database, and always consistent with it.
 */
final class SkillRanking {

    private SkillRanking() {
    }

    /** Lower-case words of letters and digits; '_' separates words so csv_records matches "csv". */
    static List<String> words(String text) {
        if (text == null) {
            return List.of();
        }
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")).filter(w -> !w.isEmpty())
                .toList();
    }

    /** 0 when no query word matches anywhere. */
    static double score(List<String> queryWords, String name, String description, List<String> tags) {
        List<String> nameWords = words(name);
        List<String> descriptionWords = words(description);
        String lowerName = name.toLowerCase(Locale.ROOT);
        double score = 0;
        for (String q : queryWords) {
            if (nameWords.contains(q)) {
                score += 4;
            } else if (lowerName.contains(q)) {
                score += 2;
            }
            if (tags.contains(q)) {
                score += 3;
            } else if (tags.stream().anyMatch(t -> t.startsWith(q))) {
                score += 1.5;
            }
            if (descriptionWords.contains(q)) {
                score += 1;
            } else if (q.length() >= 3 && descriptionWords.stream().anyMatch(w -> w.startsWith(q))) {
                score += 0.5;
            }
        }
        if (score > 0 && String.join("_", queryWords).equals(lowerName)) {
            score += 10;
        }
        return score;
    }
}
