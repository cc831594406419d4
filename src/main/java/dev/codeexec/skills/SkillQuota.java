package dev.codeexec.skills;

import dev.codeexec.InvalidInputException;
import dev.codeexec.db.Database;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;

/**
 * How much one tenant may keep in the skills store, which every tenant's skills share (one H2 file, or one PostgreSQL
 * database for all replicas). Each save adds a version and versions are never dropped but by delete_skill, so without
 * a bound one tenant saving in a loop grew the database without end (three clients saving 250 KB skills stored 112 MB
 * in under two minutes), toward a full disk for every tenant; and list_skills scores every name of a tenant in memory.
 * The names a tenant deleted count too, as each leaves a row. The operator's starter skills are not counted.
 */
@ApplicationScoped
class SkillQuota {

    static final String MAX_VERSIONS = "skills.max-versions-per-tenant";
    static final String MAX_BYTES = "skills.max-bytes-per-tenant";

    private final Database db;
    private final int maxVersions;
    private final long maxBytes;

    SkillQuota(Database db, SkillsConfig config) {
        if (config.maxVersionsPerTenant() < 1) {
            throw new IllegalArgumentException(MAX_VERSIONS + " must be at least 1, got "
                    + config.maxVersionsPerTenant());
        }
        if (config.maxBytesPerTenant() < SkillRules.MAX_CODE_BYTES) {
            throw new IllegalArgumentException(MAX_BYTES + " must hold one skill's largest code, "
                    + SkillRules.MAX_CODE_BYTES + " bytes, got " + config.maxBytesPerTenant());
        }
        this.db = db;
        this.maxVersions = config.maxVersionsPerTenant();
        this.maxBytes = config.maxBytesPerTenant();
    }

    /**
     * Refuses storing {@code skill} as one more version in {@code scope} when the scope would then hold more versions
     * or bytes than its bounds; in the caller's transaction. Two saves of one tenant at once may each pass, so the
     * bounds can be passed by as many versions as the tenant saves at once.
     *
     * @throws InvalidInputException (CONFLICT) naming the bound and how to make room
     */
    void requireRoom(String scope, ValidSkill skill) {
        if (SkillScopes.STARTER.equals(scope)) {
            return;
        }
        Object[] held = db.em().createQuery("select count(v), coalesce(sum(octet_length(v.code) + octet_length("
                        + "v.description) + octet_length(v.tags) + coalesce(octet_length(v.parameters), 0)), 0) "
                        + "from SkillVersionEntity v where v.tenant = ?1", Object[].class)
                .setParameter(1, scope).getSingleResult();
        long versions = ((Number) held[0]).longValue();
        long bytes = ((Number) held[1]).longValue();
        // A deleted name leaves a row for good (VersionInserter#retire): saving new names and deleting them made
        // 135 rows a second with no version ever held, so those rows count as versions do.
        long deleted = ((Number) db.em().createNativeQuery("select count(*) from skill_retired where tenant = ?1")
                .setParameter(1, scope).getSingleResult()).longValue();
        if (versions + deleted >= maxVersions) {
            throw new InvalidInputException("name", "this tenant's skills hold " + versions + " versions and "
                    + deleted + " deleted names (remembered so that a name saved again never reuses a version number), "
                    + "together the limit of " + maxVersions + " (" + MAX_VERSIONS + "); delete a skill it no longer "
                    + "needs (delete_skill removes all its versions)", InvalidInputException.Kind.CONFLICT);
        }
        long adding = bytes(skill);
        if (bytes + adding > maxBytes) {
            throw new InvalidInputException("code", "this tenant's skills hold " + bytes + " bytes (code, description, "
                    + "tags and parameters of every version); this version's " + adding + " would pass the limit of "
                    + maxBytes + " (" + MAX_BYTES + "); delete a skill it no longer needs (delete_skill removes all "
                    + "its versions)", InvalidInputException.Kind.CONFLICT);
        }
    }

    /** What a version takes in the count: the UTF-8 bytes of the text columns that grow with the caller's input. */
    static long bytes(ValidSkill skill) {
        return utf8(skill.code()) + utf8(skill.description()) + utf8(String.join(",", skill.tags()))
                + (skill.parametersJson() == null ? 0 : utf8(skill.parametersJson()));
    }

    private static long utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
