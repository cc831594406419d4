package dev.codeexec.skills;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/** One page of a skill listing. */
public record SkillPage(
        @JsonPropertyDescription("Matching skills: newest first, or most relevant first when a query was given")
        List<SkillSummary> skills,
        @JsonPropertyDescription("Number of skills matching before paging") int total,
        @JsonPropertyDescription("Entries skipped") int offset,
        @JsonPropertyDescription("Page size asked for") int limit) {
}
