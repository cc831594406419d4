package dev.codeexec.sandbox;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Live persistent sessions, keyed by {@link SessionKey} (tenant and handle), with an idle TTL and a per-owner
 * cap. Executions of one session are serialized by its lock; different sessions run in parallel.
 *
 * @param <T> what holds a session's state (an interpreter here, or a pinned worker)
 */
public final class SessionTable<T> {

    /** One session: its key, what holds its state, and the lock that serializes its executions. */
    public static final class Entry<T> {
        private final SessionKey key;
        private final T handle;
        private final ReentrantLock lock = new ReentrantLock();
        private volatile long lastUsedNanos = System.nanoTime();
        /** Runs this entry has served. */
        private volatile int runs;
        /** Set when the entry was dropped while a run held it: the run's unlock releases its state. */
        private Consumer<Entry<T>> releaseAtUnlock;

        Entry(SessionKey key, T handle) {
            this.key = key;
            this.handle = handle;
        }

        public SessionKey key() {
            return key;
        }

        public T handle() {
            return handle;
        }

        /** Waits for the session's running execution, if any, to finish; the next one runs under this lock. */
        public void lock() {
            lock.lock();
        }

        /** Takes the lock only if no execution holds it now; true when taken. */
        public boolean tryLock() {
            return lock.tryLock();
        }

        public void unlock() {
            lock.unlock();
            Consumer<Entry<T>> release;
            synchronized (this) {
                release = lock.isLocked() ? null : releaseAtUnlock;
                releaseAtUnlock = null;
            }
            if (release != null) {
                release.accept(this);
            }
        }

        /** Releases the state now, or, while a run holds the entry, when that run unlocks it. */
        private void release(Consumer<Entry<T>> onDrop) {
            synchronized (this) {
                if (lock.isLocked()) {
                    releaseAtUnlock = onDrop;
                    return;
                }
            }
            onDrop.accept(this);
        }

        /** Records a use now, for the idle TTL and least-recently-used trimming. */
        public void markUsed() {
            lastUsedNanos = System.nanoTime();
        }

        public int runs() {
            return runs;
        }

        /** Counts one more run served; called under the entry's lock. */
        public void countRun() {
            runs++;
        }
    }

    private final Map<SessionKey, Entry<T>> entries = new ConcurrentHashMap<>();
    /** Sessions whose state died under them; the next execution with that name is told so. */
    private final Map<SessionKey, String> lost = new ConcurrentHashMap<>();
    private final int maxPerOwner;
    private final Duration idleTtl;
    private final Consumer<Entry<T>> onDrop;

    public SessionTable(int maxPerOwner, Duration idleTtl, Consumer<Entry<T>> onDrop) {
        this.maxPerOwner = maxPerOwner;
        this.idleTtl = idleTtl;
        this.onDrop = onDrop;
    }

    /** The live entry for {@code key}, or null. */
    public Entry<T> find(SessionKey key) {
        return entries.get(key);
    }

    /**
     * Adds a new session.
     *
     * @throws dev.codeexec.InvalidInputException when the owner already has the maximum number of sessions
     */
    public synchronized Entry<T> create(SessionKey key, Supplier<T> factory) {
        Entry<T> existing = entries.get(key);
        if (existing != null) {
            return existing;
        }
        long owned = entries.keySet().stream().filter(k -> k.owner().equals(key.owner())).count();
        if (owned >= maxPerOwner) {
            throw new dev.codeexec.InvalidInputException("session", "at most " + maxPerOwner
                    + " sessions per tenant are open; reset one with reset_session or let one expire");
        }
        Entry<T> entry = new Entry<>(key, factory.get());
        entries.put(key, entry);
        return entry;
    }

    /** Whether {@code entry} is still the live entry for its key (not dropped, lost or discarded since found). */
    public boolean holds(Entry<T> entry) {
        return entries.get(entry.key) == entry;
    }

    /** Forgets a session whose state is already gone, remembering why for its next execution. */
    public void lose(Entry<T> entry, String why) {
        if (entries.remove(entry.key, entry)) {
            lost.put(entry.key, why);
        }
    }

    /** Forgets an entry without a loss notice or the drop callback; its state is the caller's to release. */
    public void discard(Entry<T> entry) {
        entries.remove(entry.key, entry);
    }

    /** Why the session's earlier state is gone, once, or null when it was not lost. */
    public String takeLossNotice(SessionKey key) {
        return lost.remove(key);
    }

    /**
     * Drops a session and releases its state, once no run holds it: a worker running several executions at once may
     * be told to drop the warm interpreter or session of one running beside the request that carries the drop.
     * True when it existed.
     */
    public boolean drop(SessionKey key) {
        lost.remove(key);
        Entry<T> entry = entries.remove(key);
        if (entry == null) {
            return false;
        }
        entry.release(onDrop);
        return true;
    }

    /** Drops every session idle for longer than the TTL that is not running right now; returns how many. */
    public int evictIdle() {
        long cutoff = System.nanoTime() - idleTtl.toNanos();
        int dropped = 0;
        for (Entry<T> entry : List.copyOf(entries.values())) {
            if (entry.lastUsedNanos < cutoff && dropIdle(entry)) {
                dropped++;
            }
        }
        return dropped;
    }

    /** Drops the least recently used entries that are not running until at most {@code max} remain; returns how many. */
    public int trimTo(int max) {
        List<Entry<T>> byAge = new java.util.ArrayList<>(entries.values());
        byAge.sort(java.util.Comparator.comparingLong(e -> e.lastUsedNanos));
        int dropped = 0;
        for (Entry<T> entry : byAge) {
            if (entries.size() <= max) {
                break;
            }
            if (dropIdle(entry)) {
                dropped++;
            }
        }
        return dropped;
    }

    private boolean dropIdle(Entry<T> entry) {
        if (!entry.lock.tryLock()) {
            return false;
        }
        try {
            if (entries.remove(entry.key, entry)) {
                onDrop.accept(entry);
                return true;
            }
            return false;
        } finally {
            entry.lock.unlock();
        }
    }

    /** Loses every session whose state matches, for example all sessions pinned to a dead worker. */
    public void loseWhere(java.util.function.Predicate<T> dead, String why) {
        for (Entry<T> entry : List.copyOf(entries.values())) {
            if (dead.test(entry.handle)) {
                lose(entry, why);
            }
        }
    }

    /** How many live sessions are held by {@code handle}. */
    public int count(T handle) {
        int n = 0;
        for (Entry<T> entry : entries.values()) {
            if (entry.handle == handle) {
                n++;
            }
        }
        return n;
    }

    public int size() {
        return entries.size();
    }

    public void dropAll() {
        for (SessionKey key : List.copyOf(entries.keySet())) {
            drop(key);
        }
    }
}
