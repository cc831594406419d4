package dev.codeexec.skills;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.time.Instant;

/** What a save stored: the new version's identity, without echoing the code back. */
public record SavedSkill(
        @JsonPropertyDescription("Skill name") String name,
        @JsonPropertyDescription("Version this save created; earlier versions are kept") int version,
        @JsonPropertyDescription("SHA-256 of the UTF-8 code, hex") String sha256,
        @JsonProperty("created_at") @JsonPropertyDescription("When it was saved (UTC, ISO-8601)") Instant createdAt) {
}
