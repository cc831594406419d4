package dev.codeexec.replica;

import dev.codeexec.InvalidInputException;
import dev.codeexec.db.Database;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Records, in the database replicas share, which server holds each REST caller's in-memory state. A caller whose
 * state another replica held (that replica died, or the balancer moved the caller) is told once that the state is
 * gone; the claim then moves here. A restart of the same replica name is not reported: only the replica knows it
 * restarted, and clients of one server expect its restart to start sessions afresh.
 */
@ApplicationScoped
public class CallerHomes {

    /** Callers already claimed by this process: their later requests need no database round trip. */
    private static final int MAX_REMEMBERED = 10_000;
    /**
     * Claims older than this are forgotten at start-up, so ids callers used once do not pile up. Long beyond every
     * in-memory lifetime (idle sessions, vaults and finished runs end within hours); a caller active for longer on
     * one replica, whose claim is not renewed, would start afresh elsewhere unreported.
     */
    static final Duration FORGET_AFTER = Duration.ofDays(7);
    /** How often claims past {@link #FORGET_AFTER} are swept while the server runs. */
    static final Duration SWEEP_EVERY = Duration.ofHours(1);
    /** How long a stopping server waits for a sweep under way: one delete statement. */
    static final Duration SWEEP_GRACE = Duration.ofSeconds(5);
    private static final Logger LOG = Logger.getLogger(CallerHomes.class.getName());
    /** The setting that bounds each tenant's claims; read by the REST layer, which owns the HTTP settings. */
    public static final String MAX_PER_TENANT = "codeexec.http.max-rest-callers-per-tenant";

    private final ReplicaIdentity replica;
    private final Database db;
    private final Set<String> claimed = ConcurrentHashMap.newKeySet();
    private final DatabaseSweeps sweeper = new DatabaseSweeps("caller-homes-sweep");

    public CallerHomes(ReplicaIdentity replica, Database db) {
        this.replica = replica;
        this.db = db;
    }

    /**
     * Forgets old claims off the start-up path, then every {@link #SWEEP_EVERY} while the server runs: each new
     * {@code X-Session-Id} adds a row, so a server that never restarts must sweep too. A database that is not
     * reachable only delays a sweep to the next one.
     */
    void forgetOld(@Observes StartupEvent event) {
        sweeper.start(this::sweep, SWEEP_EVERY);
    }

    void stop(@Observes ShutdownEvent event) {
        sweeper.stop(SWEEP_GRACE);
    }

    private void sweep() {
        try {
            int forgotten = forgetClaimedBefore(Instant.now().minus(FORGET_AFTER));
            LOG.log(forgotten > 0 ? Level.INFO : Level.FINE, "caller homes: forgot {0} claims older than {1} days",
                    new Object[] {forgotten, FORGET_AFTER.toDays()});
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "caller homes: old claims not swept ({0})", e.getClass().getName());
        }
    }

    /** Deletes the claims made before {@code cutoff}; returns how many. */
    public int forgetClaimedBefore(Instant cutoff) {
        return QuarkusTransaction.requiringNew().call(() -> db.em()
                .createQuery("delete from CallerHome h where h.claimedAt < :cutoff")
                .setParameter("cutoff", cutoff).executeUpdate());
    }

    /** This replica's id. */
    public String replicaId() {
        return replica.id();
    }

    /**
     * Claims {@code callerId}'s in-memory state for this replica. A caller new to every replica adds a row that stays a
     * week ({@link #FORGET_AFTER}), so each tenant may have at most {@code maxPerTenant} of them: one tenant sending a
     * new {@code X-Session-Id} with each request (190,000 in five minutes) grew the file of the database every
     * tenant's skills live in to 1.7 GB, on toward a full disk. Concurrent first claims of one tenant may each pass
     * the count, so the bound can be passed by as many claims as the tenant makes at once.
     *
     * @param tenant       the caller's tenant, whose claims are counted
     * @param maxPerTenant claims the caller's tenant may hold, this one included; {@link Integer#MAX_VALUE} for the
     *                     tenant's one shared caller, which must never be refused
     * @return the replica that held it before, when that was another one
     * @throws InvalidInputException (CONFLICT) when the caller is new and its tenant already holds its maximum
     */
    public Optional<String> claim(String callerId, String tenant, int maxPerTenant) {
        if (claimed.contains(callerId)) {
            return Optional.empty();
        }
        Optional<String> before;
        try {
            before = QuarkusTransaction.requiringNew().call(() -> move(callerId, tenant, maxPerTenant));
        } catch (PersistenceException e) {
            // Two first requests of one caller raced to insert its row; the other one's claim stands.
            before = QuarkusTransaction.requiringNew().call(() -> move(callerId, tenant, maxPerTenant));
        }
        if (claimed.size() >= MAX_REMEMBERED) {
            claimed.clear();
        }
        claimed.add(callerId);
        return before;
    }

    private Optional<String> move(String callerId, String tenant, int maxPerTenant) {
        EntityManager em = db.em();
        CallerHome home = em.find(CallerHome.class, callerId);
        if (home == null) {
            long held = em.createQuery("select count(h) from CallerHome h where h.tenant = :tenant", Long.class)
                    .setParameter("tenant", tenant).getSingleResult();
            if (held >= maxPerTenant) {
                throw new InvalidInputException("X-Session-Id", "this tenant's REST callers seen in the last "
                        + FORGET_AFTER.toDays() + " days (distinct X-Session-Id values) number " + held
                        + ", the limit (" + MAX_PER_TENANT + "); reuse an X-Session-Id already sent, or send none "
                        + "to act as the tenant's shared REST caller", InvalidInputException.Kind.CONFLICT);
            }
            em.persist(new CallerHome(callerId, tenant, replica.id(), Instant.now()));
            em.flush();
            return Optional.empty();
        }
        if (home.tenant.isEmpty()) {
            // Recorded before claims named their tenant: counted from now on.
            home.tenant = tenant;
        }
        if (home.replica.equals(replica.id())) {
            return Optional.empty();
        }
        String previous = home.replica;
        home.replica = replica.id();
        home.claimedAt = Instant.now();
        return ReplicaIdentity.sameName(previous, replica.id()) ? Optional.empty() : Optional.of(previous);
    }
}
