package dev.codeexec.skills;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/** What a delete removed. */
public record DeletedSkill(
        @JsonPropertyDescription("Skill name") String name,
        @JsonProperty("versions_deleted") @JsonPropertyDescription("Number of versions removed") int versionsDeleted) {
}
