package dev.codeexec.pii;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.annotation.Nullable;
import java.util.List;
import java.util.Map;

/**
 * The sanitized text, every entity replaced (offsets into the input, in UTF-16 code units as JSON
 * strings count them) and how many entities of each type were found. The list stops at
 * {@code pii.max-entities-listed}; {@code entitiesNotListed} says how many more the text and counts hold.
 * {@code vault} is the handle of the vault the tokens went into, set when a caller asked (sanitize_pii, REST), not for
 * sandboxed code, whose vault is its run's.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SanitizeResult(String text, List<Entity> entities, Map<String, Integer> counts,
        @JsonProperty("entities_not_listed") int entitiesNotListed, @Nullable String vault) {

    public SanitizeResult(String text, List<Entity> entities, Map<String, Integer> counts) {
        this(text, entities, counts, 0, null);
    }

    /** This result naming {@code handle} as the vault its tokens went into. */
    public SanitizeResult withVault(String handle) {
        return new SanitizeResult(text, entities, counts, entitiesNotListed, handle);
    }

    /** One replaced entity. The value itself is deliberately absent. */
    public record Entity(String type, int start, int end, double score, String token) {
    }

    /** This result with at most {@code max} entities listed, the first ones. */
    SanitizeResult listingAtMost(int max) {
        if (entities.size() <= max) {
            return this;
        }
        return new SanitizeResult(text, List.copyOf(entities.subList(0, max)), counts,
                entitiesNotListed + entities.size() - max, vault);
    }
}
