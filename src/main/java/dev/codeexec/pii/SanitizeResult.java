package dev.codeexec.pii;

import java.util.List;
import java.util.Map;

/**
 * The sanitized text, every entity replaced (offsets into the input, in UTF-16 code units as JSON
 * strings count them) and how many entities of each type were found.
 */
public record SanitizeResult(String text, List<Entity> entities, Map<String, Integer> counts) {

    /** One replaced entity. The value itself is deliberately absent. */
    public record Entity(String type, int start, int end, double score, String token) {
    }
}
