package dev.codeexec.skills;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;

/** Result of exporting the newest version of every skill to files. */
public record SkillExport(
        @JsonPropertyDescription("Directory the files were written to, on the server") String directory,
        @JsonPropertyDescription("Names exported; each has <name>.py and <name>.yaml") List<String> skills) {
}
