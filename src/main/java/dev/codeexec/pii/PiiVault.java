package dev.codeexec.pii;

import dev.codeexec.InvalidInputException;
import dev.codeexec.RecentEntries;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Token maps, one per connection, in memory only: the same value always gets the same token within a
 * session, and a token is restored only by the session that issued it. Bounded in entries per session
 * and in sessions; a session idle longer than the TTL is forgotten, unless a persistent session acting for it holds
 * it ({@link VaultHolders}). Values are never logged.
 *
 * <p>A connection whose vault was dropped (idle, or evicted for room) gets a new one whose numbers go on from where
 * the old one's stopped: restarting at 1 made an old {@code <EMAIL_ADDRESS_1>} restore to whatever value took that
 * number next, another person's address in a draft about the first. The numbers reached are remembered for the last
 * {@value #NUMBERS_REMEMBERED} connections whose vaults were dropped, a few small maps each.
 */
@ApplicationScoped
public class PiiVault {

    static final String BYTES_BUDGET = "pii.vault.max-bytes-per-tenant";
    static final int NUMBERS_REMEMBERED = 10_000;

    private final int maxEntries;
    private final int maxSessions;
    private final long maxBytesPerTenant;
    /** Estimated heap bytes each tenant's vaults hold, charged as entries are added and given back with a vault. */
    private final Map<String, AtomicLong> bytesByTenant = new ConcurrentHashMap<>();
    private final long idleTtlMillis;
    /** Two hash-map nodes and a string header per entry, roughly. */
    private static final int ENTRY_OVERHEAD = 160;
    private final LongSupplier clock;
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    /** Connection id to the last number of each token type its dropped vault issued; the least recently used go. */
    private final Map<String, Map<String, Integer>> numbersReached =
            Collections.synchronizedMap(RecentEntries.map(NUMBERS_REMEMBERED));

    private final VaultHolders holders;

    @Inject
    public PiiVault(PiiConfig config, VaultHolders holders) {
        this(config.vault().maxEntriesPerSession(), config.vault().maxSessions(), config.vault().maxBytesPerTenant(),
                config.vault().idleTtl(), System::currentTimeMillis, holders);
    }

    PiiVault(int maxEntries, int maxSessions, long maxBytesPerTenant, Duration idleTtl, LongSupplier clock,
            VaultHolders holders) {
        this.holders = holders;
        this.maxEntries = maxEntries;
        this.maxSessions = maxSessions;
        this.maxBytesPerTenant = maxBytesPerTenant;
        this.idleTtlMillis = idleTtl.toMillis();
        this.clock = clock;
    }

    /** One session's token map; callers hold its lock while issuing several tokens for one text. */
    static final class Session {
        private final Map<String, String> tokenByValue = new HashMap<>();
        private final Map<String, String> valueByToken = new HashMap<>();
        private final Map<String, Integer> lastNumberByType = new HashMap<>();
        /** Token-shaped literals seen in this session's inputs; never issued, so restore leaves them. */
        private final Set<String> reserved = new HashSet<>();
        private final int maxEntries;
        /** The tenant's charged bytes, shared by its vaults, and its budget. */
        private final AtomicLong tenantBytes;
        private final long budget;
        /** What this vault has charged; given back once when it is dropped. */
        private long bytes;
        private boolean dropped;
        private volatile long lastUsed;

        private Session(long now, int maxEntries, AtomicLong tenantBytes, long budget, Map<String, Integer> reached) {
            this.lastUsed = now;
            this.lastNumberByType.putAll(reached);
            this.maxEntries = maxEntries;
            this.tenantBytes = tenantBytes;
            this.budget = budget;
        }

        /**
         * Charges an entry of {@code chars} characters: two bytes a character (a string may need them) plus the
         * map nodes, a rough but upper-side estimate.
         */
        private void charge(int chars) {
            long cost = 2L * chars + ENTRY_OVERHEAD;
            if (tenantBytes.addAndGet(cost) > budget) {
                tenantBytes.addAndGet(-cost);
                throw new InvalidInputException("text", "would take this tenant's PII vaults past their budget of "
                        + budget + " bytes (" + BYTES_BUDGET + "); refused rather than returned untokenized. "
                        + "Vaults unused for pii.vault.idle-ttl are forgotten", InvalidInputException.Kind.TOO_LARGE);
            }
            if (dropped) {
                // Dropped while in use: nobody can restore through it again, so nothing stays charged.
                tenantBytes.addAndGet(-cost);
            } else {
                bytes += cost;
            }
        }

        /** Gives this vault's bytes back to its tenant; called under its lock, once it left the vault table. */
        private void drop() {
            if (!dropped) {
                dropped = true;
                tenantBytes.addAndGet(-bytes);
                bytes = 0;
            }
        }

        boolean issued(String token) {
            return valueByToken.containsKey(token);
        }

        /** Keeps token-shaped literals of an input from ever being issued as tokens later. */
        void reserve(Set<String> literals) {
            for (String literal : literals) {
                if (!valueByToken.containsKey(literal) && !reserved.contains(literal)) {
                    checkRoom();
                    charge(literal.length());
                    reserved.add(literal);
                }
            }
        }

        /** The value's token, issuing the next free number of its type that is not reserved. */
        String tokenFor(String type, String value) {
            String existing = tokenByValue.get(value);
            if (existing != null) {
                return existing;
            }
            checkRoom();
            int n = lastNumberByType.getOrDefault(type, 0);
            String token;
            do {
                token = Tokens.format(type, ++n);
            } while (reserved.contains(token) || valueByToken.containsKey(token));
            charge(value.length() + token.length());
            lastNumberByType.put(type, n);
            tokenByValue.put(value, token);
            valueByToken.put(token, value);
            return token;
        }

        private void checkRoom() {
            if (tokenByValue.size() + reserved.size() >= maxEntries) {
                // Refusing is safer than returning the value untokenized.
                throw new InvalidInputException("text", "holds more distinct values than this session's vault "
                        + "may keep; the limit is " + maxEntries + " (pii.vault.max-entries-per-session)",
                        InvalidInputException.Kind.TOO_LARGE);
            }
        }

        String valueOf(String token) {
            return valueByToken.get(token);
        }
    }

    /** Runs {@code work} on the connection's session (created if new) under its lock. */
    <T> T withSession(String connectionId, Function<Session, T> work) {
        evictIdle();
        if (!sessions.containsKey(connectionId)) {
            makeRoom(tenantOf(connectionId));
        }
        Session session = sessions.computeIfAbsent(connectionId, id -> new Session(clock.getAsLong(), maxEntries,
                bytesByTenant.computeIfAbsent(tenantOf(id), t -> new AtomicLong()), maxBytesPerTenant,
                Objects.requireNonNullElse(numbersReached.remove(id), Map.of())));
        synchronized (session) {
            session.lastUsed = clock.getAsLong();
            return work.apply(session);
        }
    }

    /** Whether the connection has a vault now; asking neither creates one nor counts as using it. */
    boolean exists(String connectionId) {
        evictIdle();
        return sessions.containsKey(connectionId);
    }

    /** Runs {@code work} on the connection's session if it exists, without creating one. */
    <T> T ifPresent(String connectionId, Function<Session, T> work, T absent) {
        evictIdle();
        Session session = sessions.get(connectionId);
        if (session == null) {
            return absent;
        }
        synchronized (session) {
            session.lastUsed = clock.getAsLong();
            return work.apply(session);
        }
    }

    /** Forgets a connection's tokens, e.g. when the operator or a test wants a clean slate. */
    public void forget(String connectionId) {
        release(connectionId, sessions.remove(connectionId));
    }

    /** Vaults the tenant holds now. */
    public int sessionCount(String tenant) {
        return (int) sessions.keySet().stream().filter(id -> tenantOf(id).equals(tenant)).count();
    }

    /** Estimated bytes the tenant's vaults hold now (what {@value #BYTES_BUDGET} bounds). */
    long bytes(String tenant) {
        AtomicLong charged = bytesByTenant.get(tenant);
        return charged == null ? 0 : charged.get();
    }

    private void release(String connectionId, Session session) {
        if (session != null) {
            synchronized (session) {
                session.drop();
                if (!session.lastNumberByType.isEmpty()) {
                    numbersReached.put(connectionId, Map.copyOf(session.lastNumberByType));
                }
            }
        }
    }

    private volatile long lastSweep;

    /** Drops idle sessions; sweeps at most once a second so busy callers do not pay for it each time. */
    private void evictIdle() {
        long now = clock.getAsLong();
        if (now - lastSweep < 1000) {
            return;
        }
        lastSweep = now;
        long cutoff = now - idleTtlMillis;
        sessions.entrySet().removeIf(e -> {
            if (e.getValue().lastUsed >= cutoff || holders.holds(e.getKey())) {
                return false;
            }
            release(e.getKey(), e.getValue());
            return true;
        });
    }

    /**
     * Evicts the tenant's least recently used vaults until it has room for one more, those a session holds last. The
     * bound is per tenant, so no caller can push another tenant's vault out (and bring its tokens back with new
     * meanings) by minting identities.
     */
    private synchronized void makeRoom(String tenant) {
        while (true) {
            java.util.List<Map.Entry<String, Session>> own = sessions.entrySet().stream()
                    .filter(e -> tenantOf(e.getKey()).equals(tenant)).toList();
            if (own.size() < maxSessions) {
                return;
            }
            own.stream().min(Comparator.comparing((Map.Entry<String, Session> e) -> holders.holds(e.getKey()))
                            .thenComparingLong(e -> e.getValue().lastUsed))
                    .ifPresent(oldest -> release(oldest.getKey(), sessions.remove(oldest.getKey())));
        }
    }

    /** The tenant part of a caller id; ids without one (direct use of the service) form one group. */
    static String tenantOf(String connectionId) {
        return connectionId.indexOf('/') > 0 ? dev.codeexec.tenant.Caller.tenantOf(connectionId) : "";
    }
}
