package dev.codeexec.skills;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.codeexec.InvalidInputException;
import dev.codeexec.InvalidInputException.Kind;
import dev.codeexec.db.Database;
import dev.codeexec.db.RetriedOnLostConnection;
import dev.codeexec.tenant.Caller;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The skills capability: validated, versioned Python snippets in the database. Transports call it
 * and know nothing of its storage; entities are mapped to records before they leave. Logs carry
 * names, versions and sizes only, never code. A call in flight when the database connection is lost runs again
 * once: its transaction was undone with the connection.
 */
@ApplicationScoped
@RetriedOnLostConnection
public class SkillStore {

    private static final Logger LOG = Logger.getLogger(SkillStore.class.getName());
    /** Concurrent saves of one name each retry at most this often; ten racing savers need at most nine. */
    static final int MAX_SAVE_ATTEMPTS = 50;

    private final Database db;
    private final VersionInserter inserter;
    private final SyntaxCheck syntax;
    private final ObjectMapper json;
    private final SkillQuota quota;

    SkillStore(Database db, VersionInserter inserter, SyntaxCheck syntax, ObjectMapper json, SkillQuota quota) {
        this.db = db;
        this.inserter = inserter;
        this.syntax = syntax;
        this.json = json;
        this.quota = quota;
    }

    /**
     * Validates, checks that the code compiles in the sandbox, and stores it as the next version.
     * Not one transaction: the compile check runs outside any (it may take seconds), and each
     * insert attempt gets its own, so one that lost a version race can be retried.
     *
     * @throws InvalidInputException on bad input, or a starter skill's name from a tenant; nothing is written then
     */
    public SavedSkill save(String tenant, SkillDraft draft) {
        ValidSkill valid = validate(draft);
        // Decided before the compile check, which may take seconds, so a refused name or a save that changes
        // nothing (an agent retrying a call) costs nothing.
        String scope = QuarkusTransaction.joiningExisting().call(() -> writableScope(tenant, valid.name()));
        Optional<SavedSkill> unchanged = QuarkusTransaction.joiningExisting().call(() -> inserter.unchanged(scope, valid));
        if (unchanged.isPresent()) {
            return unchanged.get();
        }
        // Also before the compile check, so that a tenant at its bounds costs no sandbox run; the insert checks again.
        QuarkusTransaction.joiningExisting().run(() -> quota.requireRoom(scope, valid));
        syntax.requireCompiles(valid.name(), valid.code(), new Caller(tenant, "skill-check").id());
        return store(scope, valid);
    }

    /** Where {@code tenant}'s save or delete of {@code name} goes; see {@link SkillScopes#writable}. */
    private String writableScope(String tenant, String name) {
        return SkillScopes.writable(tenant, name, newest(tenant, name) != null, newest(SkillScopes.STARTER, name) != null);
    }

    /** Validates without the compile check; for trusted files whose tests run them (starter skills). */
    ValidSkill validate(SkillDraft draft) {
        String name = SkillRules.name(draft.name());
        String description = SkillRules.description(draft.description());
        String code = SkillRules.code(draft.code());
        List<String> tags = SkillRules.tags(draft.tags());
        return new ValidSkill(name, description, code, tags, parametersJson(draft.parameters()),
                draft.savedBy() == null ? "unknown" : SaverLabel.of(draft.savedBy()));
    }

    SavedSkill store(String scope, ValidSkill valid) {
        return retryingLostRaces(attempt -> {
            SavedSkill saved = inserter.insertNext(scope, valid);
            LOG.log(Level.INFO, "skill saved: name={0} version={1} code_bytes={2} attempts={3}",
                    new Object[] {saved.name(), saved.version(), valid.code().length(), attempt});
            return saved;
        });
    }

    /**
     * Stores {@code valid} as the next version only if {@code writes} accepts what {@code decide}
     * makes of the versions already stored; the decision and the insert share a transaction, and a
     * save that lost a race to another writer (this process or another server) decides again.
     */
    <D> D storeIf(String scope, ValidSkill valid, Function<List<StoredVersion>, D> decide, Predicate<D> writes) {
        return retryingLostRaces(attempt -> inserter.insertIf(scope, valid, decide, writes));
    }

    /** Runs {@code attempt} (given its number, from 1) until it does not lose a version race. */
    private static <T> T retryingLostRaces(IntFunction<T> attempt) {
        for (int n = 1;; n++) {
            try {
                return attempt.apply(n);
            } catch (PersistenceException e) {
                if (!lostVersionRace(e) || n >= MAX_SAVE_ATTEMPTS) {
                    throw e;
                }
                backOff(n);
            }
        }
    }

    /** The newest version, or the given one, of a skill the tenant can read (its own before a starter one). */
    @Transactional
    public Skill load(String tenant, String name, Integer version) {
        SkillRules.version(version);
        String scope = readableScope(tenant, name);
        int newest = newestOrNotFound(tenant, scope, name);
        int wanted = version == null ? newest : version;
        SkillVersionEntity e = db.em().createQuery("from SkillVersionEntity v where v.tenant = ?1 and v.name = ?2 "
                        + "and v.version = ?3", SkillVersionEntity.class)
                .setParameter(1, scope).setParameter(2, name).setParameter(3, wanted)
                .getResultStream().findFirst()
                .orElseThrow(() -> new InvalidInputException("version", "skill '" + name + "' has no version "
                        + wanted + "; its newest is " + newest, Kind.NOT_FOUND));
        return new Skill(e.name, e.version, e.description, e.code, splitTags(e.tags), parameters(e.parameters),
                e.sha256, e.createdAt, SaverLabel.of(e.savedBy), newest);
    }

    @Transactional
    public SkillPage list(String tenant, SkillQuery q) {
        int limit = SkillRules.limit(q.limit());
        int offset = SkillRules.offset(q.offset());
        String tag = q.tag() == null || q.tag().isBlank() ? null : SkillRules.tag(q.tag());
        List<String> words = SkillRanking.words(SkillRules.query(q.query()));
        record Scored(SkillSummary summary, double score) {
        }
        List<Scored> matches = newestSummaries(tenant).stream()
                .filter(s -> tag == null || s.tags().contains(tag))
                .map(s -> new Scored(s, words.isEmpty() ? 1 : SkillRanking.score(words, s.name(), s.description(),
                        s.tags())))
                .filter(s -> s.score() > 0)
                .sorted(Comparator.comparingDouble(Scored::score).reversed()
                        .thenComparing(s -> s.summary().updatedAt(), Comparator.reverseOrder())
                        .thenComparing(s -> s.summary().name()))
                .toList();
        List<SkillSummary> page = matches.stream().skip(offset).limit(limit).map(Scored::summary).toList();
        return new SkillPage(page, matches.size(), offset, limit);
    }

    /** How many skills and versions the tenant can read: two counting queries, cheap enough for every stats call. */
    @Transactional
    public SkillCounts counts(String tenant) {
        long versions = db.em().createQuery("select count(v) from SkillVersionEntity v where v.tenant in ?1", Long.class)
                .setParameter(1, SkillScopes.readable(tenant)).getSingleResult();
        long names = names(tenant).size();
        return new SkillCounts(names, versions);
    }

    /** Removes every version of a name the tenant may change. */
    @Transactional
    public DeletedSkill delete(String tenant, String name) {
        String scope = writableScope(tenant, name);
        int newest = newestOrNotFound(tenant, scope, name);
        long deleted = db.em().createQuery("delete from SkillVersionEntity v where v.tenant = ?1 and v.name = ?2")
                .setParameter(1, scope).setParameter(2, name).executeUpdate();
        inserter.retire(scope, name, newest);
        LOG.log(Level.INFO, "skill deleted: tenant={0} name={1} versions={2}", new Object[] {tenant, name, deleted});
        return new DeletedSkill(name, (int) deleted);
    }

    /** Hashes and saver of every stored version of a name in a scope, oldest first; empty when the name is unknown. */
    @Transactional
    List<StoredVersion> versions(String scope, String name) {
        return inserter.versions(scope, name);
    }

    /** Every name the tenant can read, sorted. */
    @Transactional
    List<String> names(String tenant) {
        return db.em()
                .createQuery("select distinct v.name from SkillVersionEntity v where v.tenant in ?1 order by v.name",
                        String.class)
                .setParameter(1, SkillScopes.readable(tenant)).getResultList();
    }

    record StoredVersion(int version, String sha256, String savedBy) {
    }

    /** Newest version of every skill the tenant can read, without code; its own shadow starter ones of the same name. */
    List<SkillSummary> newestSummaries(String tenant) {
        Map<String, SkillSummary> byName = new java.util.LinkedHashMap<>();
        db.em()
                // "No newer version" compares two mapped attributes: Hibernate has no subquery type to infer (for
                // "= (select max(...))" it once inferred Object and refused its own query).
                .createQuery("select s.tenant, s.name, s.description, s.tags, s.version, s.createdAt "
                        + "from SkillVersionEntity s where s.tenant in ?1 and not exists (select 1 from "
                        + "SkillVersionEntity v where v.tenant = s.tenant and v.name = s.name and v.version > s.version)",
                        Object[].class)
                .setParameter(1, SkillScopes.readable(tenant))
                .getResultList().stream()
                .sorted(Comparator.comparing(r -> r[0].equals(tenant) ? 0 : 1))
                .forEach(r -> byName.putIfAbsent((String) r[1], new SkillSummary((String) r[1], (String) r[2],
                        splitTags((String) r[3]), (Integer) r[4], (Instant) r[5])));
        return List.copyOf(byName.values());
    }

    /** The scope the tenant reads {@code name} from: its own, else the starter skills. */
    private String readableScope(String tenant, String name) {
        for (String scope : SkillScopes.readable(tenant)) {
            if (newest(scope, name) != null) {
                return scope;
            }
        }
        throw notFound(tenant, name);
    }

    private Integer newest(String scope, String name) {
        return name == null ? null : db.em()
                .createQuery("select max(v.version) from SkillVersionEntity v where v.tenant = ?1 and v.name = ?2",
                        Integer.class)
                .setParameter(1, scope).setParameter(2, name).getSingleResult();
    }

    private int newestOrNotFound(String tenant, String scope, String name) {
        Integer newest = newest(scope, name);
        if (newest == null) {
            throw notFound(tenant, name);
        }
        return newest;
    }

    private InvalidInputException notFound(String tenant, String name) {
        if (name == null || name.isEmpty()) {
            return new InvalidInputException("name", "is required: the name of a saved skill");
        }
        // A name save_skill would refuse was never saved: its rule says why, and the message stays short.
        SkillRules.name(name);
        List<String> near = CloseNames.near(name, names(tenant));
        String hint = near.isEmpty() ? "list_skills shows the saved skills" : "did you mean " + String.join(", ", near)
                + "?";
        return new InvalidInputException("name", "no skill named '" + name + "'; " + hint, Kind.NOT_FOUND);
    }

    private String parametersJson(Map<String, Object> parameters) {
        if (parameters == null || parameters.isEmpty()) {
            return null;
        }
        try {
            String text = json.writeValueAsString(parameters);
            if (text.length() > SkillRules.MAX_PARAMETERS_CHARS) {
                throw new InvalidInputException("parameters", "is " + text.length() + " characters as JSON; at most "
                        + SkillRules.MAX_PARAMETERS_CHARS + " are allowed", Kind.TOO_LARGE);
            }
            return text;
        } catch (JsonProcessingException e) {
            throw new InvalidInputException("parameters", "must be a JSON object");
        }
    }

    private Map<String, Object> parameters(String text) {
        if (text == null) {
            return Map.of();
        }
        try {
            return json.readValue(text, new TypeReference<Map<String, Object>>() { });
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored parameters are not a JSON object", e);
        }
    }

    static List<String> splitTags(String tags) {
        return tags == null || tags.isEmpty() ? List.of() : Arrays.asList(tags.split(","));
    }

    /** A unique-key violation (SQLState class 23) or a lock timeout while another save of the name committed. */
    private static boolean lostVersionRace(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && sql.getSQLState() != null) {
                String state = sql.getSQLState();
                return state.startsWith("23") || state.equals("HYT00") || state.equals("40001")
                        || state.equals("40P01");
            }
        }
        return false;
    }

    private static void backOff(int attempt) {
        try {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1, 5L * Math.min(attempt, 10) + 2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while retrying a skill save", e);
        }
    }
}
