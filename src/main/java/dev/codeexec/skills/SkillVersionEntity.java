package dev.codeexec.skills;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * One stored version of a skill. Never leaves this package: {@link SkillStore} maps it to records.
 * Rows are immutable once written; the schema belongs to Flyway (V1__skills.sql). A plain entity, not a
 * Panache one: Panache binds an entity to one persistence unit, and this one lives in both (see {@link dev.codeexec.db.Database}).
 */
@Entity
@Table(name = "skill_version")
class SkillVersionEntity {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    /** The tenant that owns it, or {@link SkillScopes#STARTER} for the operator's starter skills. */
    @Column(nullable = false, length = 64)
    public String tenant;

    @Column(nullable = false, length = 64)
    public String name;

    @Column(nullable = false)
    public int version;

    @Column(nullable = false, length = 1000)
    public String description;

    @Column(nullable = false, length = 262144)
    public String code;

    /** Comma-separated, normalized tags (see {@link SkillRules#tags}). */
    @Column(nullable = false, length = 600)
    public String tags;

    /** JSON object text, or null when the skill declares no parameters. */
    @Column(length = 16384)
    public String parameters;

    @Column(nullable = false, length = 64)
    public String sha256;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "saved_by", nullable = false, length = 200)
    public String savedBy;
}
