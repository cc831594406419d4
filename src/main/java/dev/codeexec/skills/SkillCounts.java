package dev.codeexec.skills;

/** What the skills store holds: distinct skill names and stored versions. */
public record SkillCounts(long skills, long versions) {
}
