package dev.codeexec.skills;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.time.Instant;
import java.util.List;

/** A compact list entry: the newest version of one skill, without its code. */
public record SkillSummary(
        @JsonPropertyDescription("Skill name; pass it to load_skill or `from skills import <name>`") String name,
        @JsonPropertyDescription("Description of the newest version") String description,
        @JsonPropertyDescription("Tags of the newest version") List<String> tags,
        @JsonProperty("newest_version") @JsonPropertyDescription("Newest version number") int newestVersion,
        @JsonProperty("updated_at") @JsonPropertyDescription("When the newest version was saved (UTC, ISO-8601)")
        Instant updatedAt) {
}
