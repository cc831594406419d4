package dev.codeexec.tenant;

import dev.codeexec.Durations;
import dev.codeexec.InvalidInputException;
import dev.codeexec.RecentEntries;
import dev.codeexec.replica.ReplicaIdentity;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Server-minted handles of one kind (persistent sessions, PII vaults), each owned by the tenant it was minted for and
 * never by a connection, so any connection of that tenant may present it. A handle is 128 random bits behind this
 * replica's id and is forgotten after an idle TTL. An unknown handle and another tenant's get the same refusal,
 * naming the field, so a handle's existence does not leak; one minted by another replica is refused naming that
 * replica, which holds it in memory. A handle in use (a run holding its session) is not idle: its TTL counts from the
 * use's end ({@link #touch}).
 *
 * @param <T> what the handle stands for
 */
public final class HandleTable<T> {

    /** What a tenant holding its maximum gets on the next mint. */
    public enum Full { REFUSE, FORGET_OLDEST }

    /**
     * How many handles a tenant holds at once, the setting that says so (named in refusals), what a mint past it
     * does, and, for {@link Full#REFUSE}, how a caller ends one to make room (said by the refusal).
     */
    public record Limit(int perTenant, String setting, Full full, String endOne) {
    }

    /** Whether a tenant's handle, standing for {@code value}, is in use now, which keeps it from expiring. */
    @FunctionalInterface
    public interface InUse<T> {
        boolean test(String tenant, String handle, T value);
    }

    /** A live handle: what it stands for, how long since its last use, and whether it is in use now. */
    public record Live<T>(String handle, T value, Duration idle, boolean inUse) {
    }

    /** A handle forgotten (idle past the TTL, or all of them at once), with what it stood for. */
    public record Forgotten<T>(String tenant, String handle, T value) {
    }

    /** Handles forgotten to make room, remembered so that presenting one says so rather than "expired". */
    private static final int DROPPED_REMEMBERED = 4096;

    private static final class Held<T> {
        final String tenant;
        final T value;
        volatile long lastUsedNanos;

        Held(String tenant, T value, long now) {
            this.tenant = tenant;
            this.value = value;
            this.lastUsedNanos = now;
        }
    }

    private final String field;
    private final String kind;
    private final String again;
    private final Duration idleTtl;
    private final Limit limit;
    private final ReplicaIdentity replica;
    private final LongSupplier clock;
    private final Consumer<Forgotten<T>> onExpiry;
    private final InUse<T> inUse;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, Held<T>> held = new ConcurrentHashMap<>();
    /** Handle to tenant, for handles forgotten to make room; the least recently used go past the bound. */
    private final Map<String, String> dropped = Collections.synchronizedMap(RecentEntries.map(DROPPED_REMEMBERED));

    /**
     * @param field the tool argument handles of this kind arrive in, named by every refusal
     * @param kind     what a handle names, in messages ("session", "vault")
     * @param again    what a caller does when its handle is gone, said by the refusal
     * @param onExpiry told of every handle forgotten for going idle, whichever call noticed it, once
     * @param inUse    whether a handle is in use now, which keeps it from expiring
     */
    public HandleTable(String field, String kind, String again, Duration idleTtl, Limit limit, ReplicaIdentity replica,
            Consumer<Forgotten<T>> onExpiry, InUse<T> inUse) {
        this(field, kind, again, idleTtl, limit, replica, onExpiry, inUse, System::nanoTime);
    }

    HandleTable(String field, String kind, String again, Duration idleTtl, Limit limit, ReplicaIdentity replica,
            Consumer<Forgotten<T>> onExpiry, InUse<T> inUse, LongSupplier clock) {
        this.field = field;
        this.kind = kind;
        this.again = again;
        this.idleTtl = idleTtl;
        this.limit = limit;
        this.replica = replica;
        this.clock = clock;
        this.onExpiry = onExpiry;
        this.inUse = inUse;
    }

    /**
     * A new handle of {@code tenant} for {@code value}.
     *
     * @throws InvalidInputException when the tenant holds its maximum and this kind refuses rather than forgets
     */
    public synchronized String mint(String tenant, T value) {
        sweep();
        while (held.values().stream().filter(h -> h.tenant.equals(tenant)).count() >= limit.perTenant()) {
            if (limit.full() == Full.REFUSE) {
                throw new InvalidInputException(field, "this tenant already holds " + limit.perTenant() + " " + kind
                        + "s, the limit (" + limit.setting() + "); " + limit.endOne() + " or let it expire after "
                        + idleTime(),
                        InvalidInputException.Kind.CONFLICT);
            }
            // The least recently used, one in use last.
            held.entrySet().stream().filter(e -> e.getValue().tenant.equals(tenant))
                    .min(Comparator.comparing((Map.Entry<String, Held<T>> e) -> inUse.test(tenant, e.getKey(),
                            e.getValue().value)).thenComparingLong(e -> e.getValue().lastUsedNanos))
                    .ifPresent(oldest -> {
                        held.remove(oldest.getKey());
                        dropped.put(oldest.getKey(), tenant);
                    });
        }
        String handle = replica.mint(random);
        held.put(handle, new Held<>(tenant, value, clock.getAsLong()));
        return handle;
    }

    /** The live handle of {@code tenant} for {@code value}, minting one the first time. */
    public synchronized String handleOf(String tenant, T value) {
        long now = clock.getAsLong();
        for (Map.Entry<String, Held<T>> e : held.entrySet()) {
            Held<T> h = e.getValue();
            if (h.tenant.equals(tenant) && h.value.equals(value) && !expired(e.getKey(), h, now)) {
                h.lastUsedNanos = now;
                return e.getKey();
            }
        }
        return mint(tenant, value);
    }

    /**
     * What {@code tenant}'s handle stands for, noting the use for the idle TTL.
     *
     * @throws InvalidInputException (NOT_FOUND) when the handle is unknown, expired or another tenant's, all alike
     */
    public T require(String tenant, String handle) {
        Held<T> h = handle == null ? null : held.get(handle);
        long now = clock.getAsLong();
        if (h != null && expired(handle, h, now)) {
            forget(handle, h);
            h = null;
        }
        if (h == null || !h.tenant.equals(tenant)) {
            throw unknown(tenant, handle);
        }
        h.lastUsedNanos = now;
        return h.value;
    }

    /** Whether {@code tenant} holds a live handle for {@code value}. */
    public boolean standsFor(String tenant, T value) {
        long now = clock.getAsLong();
        return held.entrySet().stream().anyMatch(e -> e.getValue().tenant.equals(tenant)
                && e.getValue().value.equals(value) && !expired(e.getKey(), e.getValue(), now));
    }

    /** Notes a use of {@code tenant}'s handle that ended now, if the table still holds it. */
    public void touch(String tenant, String handle) {
        Held<T> h = held.get(handle);
        if (h != null && h.tenant.equals(tenant)) {
            h.lastUsedNanos = clock.getAsLong();
        }
    }

    /** Forgets {@code tenant}'s handle; true when it held it. */
    public boolean remove(String tenant, String handle) {
        Held<T> h = handle == null ? null : held.get(handle);
        return h != null && h.tenant.equals(tenant) && held.remove(handle, h);
    }

    public int size() {
        return held.size();
    }

    /** {@code tenant}'s live handles, the most recently used first: a caller that lost one finds it here. */
    public List<Live<T>> live(String tenant) {
        long now = clock.getAsLong();
        return held.entrySet().stream()
                .filter(e -> e.getValue().tenant.equals(tenant) && !expired(e.getKey(), e.getValue(), now))
                .sorted(Comparator.comparingLong(e -> -e.getValue().lastUsedNanos))
                .map(e -> new Live<>(e.getKey(), e.getValue().value, Duration.ofNanos(Math.max(0,
                        now - e.getValue().lastUsedNanos)), inUse.test(tenant, e.getKey(), e.getValue().value)))
                .toList();
    }

    private InvalidInputException unknown(String tenant, String handle) {
        if (!ReplicaIdentity.minted(handle)) {
            // No server issues it: a mistyped or made-up value, not one that expired ("New", "", a path).
            return new InvalidInputException(field, "\"" + InvalidInputException.echo(String.valueOf(handle))
                    + "\" is not a " + kind + " handle: pass one this server returned (a server id, a dot, 32 hex "
                    + "digits)", InvalidInputException.Kind.NOT_FOUND);
        }
        String issuer = ReplicaIdentity.issuer(handle).orElse(replica.id());
        if (!issuer.equals(replica.id())) {
            return new InvalidInputException(field, "was issued by server " + issuer + ", not this one ("
                    + replica.id() + "); " + kind + "s live in the memory of the server that issued them and are gone "
                    + "if it stopped; " + again, InvalidInputException.Kind.NOT_FOUND);
        }
        if (tenant.equals(dropped.get(handle))) {
            return new InvalidInputException(field, "was dropped to make room: this tenant opened more than "
                    + limit.perTenant() + " " + kind + "s (" + limit.setting() + "), and this was its least recently "
                    + "used; " + again, InvalidInputException.Kind.GONE);
        }
        return new InvalidInputException(field, "no such " + kind + " for this tenant; pass a handle this server "
                + "returned, which expires after " + idleTime() + ", or " + again,
                InvalidInputException.Kind.NOT_FOUND);
    }

    /**
     * Forgets every handle idle for longer than the TTL; returns how many. Also swept as handles are minted, so the
     * table stays as large as the set of handles in use.
     */
    public int sweep() {
        long now = clock.getAsLong();
        int forgotten = 0;
        for (Map.Entry<String, Held<T>> e : held.entrySet()) {
            if (expired(e.getKey(), e.getValue(), now) && forget(e.getKey(), e.getValue())) {
                forgotten++;
            }
        }
        return forgotten;
    }

    /** Forgets every handle, expired or not, without telling the listener: what they stood for is the caller's. */
    public List<Forgotten<T>> forgetAll() {
        List<Forgotten<T>> all = new ArrayList<>();
        for (Map.Entry<String, Held<T>> e : held.entrySet()) {
            if (held.remove(e.getKey(), e.getValue())) {
                all.add(new Forgotten<>(e.getValue().tenant, e.getKey(), e.getValue().value));
            }
        }
        return all;
    }

    /** Removes an expired handle and tells the listener, unless another call removed it first. */
    private boolean forget(String handle, Held<T> h) {
        if (!held.remove(handle, h)) {
            return false;
        }
        onExpiry.accept(new Forgotten<>(h.tenant, handle, h.value));
        return true;
    }

    /** The TTL as a caller reads it (never "0 idle minutes"). */
    private String idleTime() {
        return Durations.inWords(idleTtl, "idle");
    }

    private boolean expired(String handle, Held<T> h, long now) {
        return now - h.lastUsedNanos > idleTtl.toNanos() && !inUse.test(h.tenant, handle, h.value);
    }
}
