package dev.codeexec.skills;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One stored version of a skill, code included. */
public record Skill(
        @JsonPropertyDescription("Skill name, a Python identifier") String name,
        @JsonPropertyDescription("Version number, 1 for the first save of this name") int version,
        @JsonPropertyDescription("What the skill does and how to call it") String description,
        @JsonPropertyDescription("Python source of this version") String code,
        @JsonPropertyDescription("Lower-case labels") List<String> tags,
        @JsonPropertyDescription("JSON object describing the skill's parameters; empty when none were given")
        Map<String, Object> parameters,
        @JsonPropertyDescription("SHA-256 of the UTF-8 code, hex") String sha256,
        @JsonProperty("created_at") @JsonPropertyDescription("When this version was saved (UTC, ISO-8601)")
        Instant createdAt,
        @JsonProperty("saved_by") @JsonPropertyDescription("Who saved it: a connection's label, 'rest' or 'starter'")
        String savedBy,
        @JsonProperty("newest_version") @JsonPropertyDescription("Newest version stored under this name")
        int newestVersion) {
}
