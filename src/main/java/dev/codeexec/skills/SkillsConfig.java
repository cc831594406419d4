package dev.codeexec.skills;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;

/** Operator settings under {@code skills.*}; documented in docs/skills.md. */
@ConfigMapping(prefix = "skills")
public interface SkillsConfig {

    /** Directory of starter skills (<name>.py plus <name>.yaml), relative to the working directory. */
    @WithDefault("skills")
    Path starterDir();

    /** Whether starter skills are imported at start-up (never over a user's version; see StarterImporter). */
    @WithDefault("true")
    boolean starterImport();

    /** Where POST /api/v1/skills/export writes files; a fixed server-side directory, never caller-chosen. */
    @WithDefault("data/skills-export")
    Path exportDir();

    /** Versions one tenant's skills may hold together; a save past it is refused (see SkillQuota). */
    @WithDefault("5000")
    int maxVersionsPerTenant();

    /**
     * Bytes (UTF-8 code, description, tags and parameters of every version) one tenant's skills may hold together; a
     * save past it is refused (see SkillQuota). At least one skill's largest code, 262144.
     */
    @WithDefault("67108864")
    long maxBytesPerTenant();
}
