package dev.codeexec.skills;

import dev.codeexec.db.Database;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Writes the next version of a name in its own short transaction. Two concurrent saves may both
 * pick version n+1; the unique (tenant, name, version) constraint lets one win and the caller retries
 * the other in a fresh transaction (see {@link SkillStore#save}): fresh, because PostgreSQL refuses
 * every further statement of a transaction in which one failed. A separate bean, because a
 * transaction boundary only applies to calls that go through the CDI proxy.
 */
@ApplicationScoped
class VersionInserter {

    private final Database db;
    private final SkillQuota quota;

    VersionInserter(Database db, SkillQuota quota) {
        this.db = db;
        this.quota = quota;
    }

    /** Stores {@code s} as the next version, within the tenant's bounds ({@link SkillQuota}). */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    SavedSkill insertNext(String scope, ValidSkill s) {
        quota.requireRoom(scope, s);
        Integer newest = db.em()
                .createQuery("select max(v.version) from SkillVersionEntity v where v.tenant = ?1 and v.name = ?2",
                        Integer.class)
                .setParameter(1, scope).setParameter(2, s.name()).getSingleResult();
        return insert(scope, s, next(scope, s.name(), newest == null ? 0 : newest));
    }

    /**
     * The newest version when it holds what {@code s} would store (code, description, tags, parameters), so that
     * saving it again adds no version; whoever saved it. In the caller's transaction.
     */
    Optional<SavedSkill> unchanged(String scope, ValidSkill s) {
        return db.em().createQuery("from SkillVersionEntity v where v.tenant = ?1 and v.name = ?2 "
                        + "order by v.version desc", SkillVersionEntity.class)
                .setParameter(1, scope).setParameter(2, s.name()).setMaxResults(1).getResultStream().findFirst()
                .filter(e -> e.code.equals(s.code()) && Objects.equals(e.description, s.description())
                        && Objects.equals(e.tags, String.join(",", s.tags()))
                        && Objects.equals(e.parameters, s.parametersJson()))
                .map(e -> new SavedSkill(e.name, e.version, e.sha256, e.createdAt));
    }

    /** The version after {@code newest} (0: none stored), going on from the versions a delete retired. */
    private int next(String scope, String name, int newest) {
        return Math.max(newest, retired(scope, name)) + 1;
    }

    /** The last version of a name deleted in a scope, which a new save goes on from; 0 when none was. */
    int retired(String scope, String name) {
        List<?> rows = db.em().createNativeQuery("select last_version from skill_retired where tenant = ?1 and name = ?2")
                .setParameter(1, scope).setParameter(2, name).getResultList();
        return rows.isEmpty() ? 0 : ((Number) rows.getFirst()).intValue();
    }

    /** Records that a name's versions up to {@code lastVersion} were deleted; in the caller's transaction. */
    void retire(String scope, String name, int lastVersion) {
        int updated = db.em().createNativeQuery("update skill_retired set last_version = ?3 where tenant = ?1 "
                + "and name = ?2 and last_version < ?3")
                .setParameter(1, scope).setParameter(2, name).setParameter(3, lastVersion).executeUpdate();
        if (updated == 0 && retired(scope, name) == 0) {
            db.em().createNativeQuery("insert into skill_retired (tenant, name, last_version) values (?1, ?2, ?3)")
                    .setParameter(1, scope).setParameter(2, name).setParameter(3, lastVersion).executeUpdate();
        }
    }

    /**
     * Reads the stored versions of the name, lets {@code decide} judge them, and inserts the next
     * version when {@code writes} accepts the decision, all in one transaction: a retry after a lost
     * race decides again on what the winner stored.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    <D> D insertIf(String scope, ValidSkill s, Function<List<SkillStore.StoredVersion>, D> decide,
            Predicate<D> writes) {
        List<SkillStore.StoredVersion> stored = versions(scope, s.name());
        D decision = decide.apply(stored);
        if (writes.test(decision)) {
            insert(scope, s, next(scope, s.name(), stored.isEmpty() ? 0 : stored.getLast().version()));
        }
        return decision;
    }

    /** Hashes and saver of every stored version of a name in one scope, oldest first. */
    List<SkillStore.StoredVersion> versions(String scope, String name) {
        return db.em()
                .createQuery("select v.version, v.sha256, v.savedBy from SkillVersionEntity v where v.tenant = ?1 "
                        + "and v.name = ?2 order by v.version", Object[].class)
                .setParameter(1, scope).setParameter(2, name).getResultList().stream()
                .map(r -> new SkillStore.StoredVersion((Integer) r[0], (String) r[1], (String) r[2])).toList();
    }

    private SavedSkill insert(String scope, ValidSkill s, int version) {
        SkillVersionEntity e = new SkillVersionEntity();
        e.tenant = scope;
        e.name = s.name();
        e.version = version;
        e.description = s.description();
        e.code = s.code();
        e.tags = String.join(",", s.tags());
        e.parameters = s.parametersJson();
        e.sha256 = sha256(s.code());
        // Microseconds: what both H2 and PostgreSQL store, so a reloaded row equals the one returned here.
        e.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        e.savedBy = s.savedBy();
        db.em().persist(e);
        db.em().flush();
        return new SavedSkill(e.name, e.version, e.sha256, e.createdAt);
    }

    static String sha256(String code) {
        try {
            return HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(code.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
