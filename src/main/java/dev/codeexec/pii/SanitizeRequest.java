package dev.codeexec.pii;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What to sanitize: the text, optionally only some entity types (all enabled ones when null or empty)
 * and a minimum score in [0, 1] (the configured default when null).
 */
public record SanitizeRequest(String text, List<String> entities, @JsonProperty("min_score") Double minScore) {

    public SanitizeRequest(String text) {
        this(text, null, null);
    }
}
