package dev.codeexec.sandbox.engine;

import dev.codeexec.sandbox.SessionKey;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The warm interpreters a worker holds, each key's (a tenant's) idle ones ready for its next run. A run takes one
 * that is idle, the one used last first (its imports are the freshest), or brings a new one; either way it gives it
 * back afterwards, so a tenant's runs side by side each keep an interpreter instead of one of them using a spare once
 * and discarding it. Thread-safe.
 *
 * @param <T> what a warm interpreter is (an interpreter here, a stand-in in tests)
 */
final class WarmPool<T> {

    /** One warm interpreter, held by at most one run at a time. */
    static final class Held<T> {
        private final SessionKey key;
        private final T interpreter;
        private int runs;
        private long lastUsedNanos;
        /** The pool was dropped while a run held it: it is released when given back. */
        private boolean dropped;

        private Held(SessionKey key, T interpreter, long nowNanos) {
            this.key = key;
            this.interpreter = interpreter;
            this.lastUsedNanos = nowNanos;
        }

        T interpreter() {
            return interpreter;
        }

        /** Runs it has served. */
        int runs() {
            return runs;
        }

        /** Counts a run served; only the run holding it calls this (the pool's lock publishes it to the next). */
        void countRun() {
            runs++;
        }
    }

    private final Map<SessionKey, Deque<Held<T>>> idle = new HashMap<>();
    private final Set<Held<T>> busy = new HashSet<>();
    private final Duration idleTtl;
    private final Consumer<T> release;

    /**
     * @param idleTtl how long an idle one is kept
     * @param release closes one the pool lets go (trimmed, expired or dropped); never called under the pool's lock
     */
    WarmPool(Duration idleTtl, Consumer<T> release) {
        this.idleTtl = idleTtl;
        this.release = release;
    }

    /** An idle interpreter of {@code key}, the one used last, now held by the caller; null when none is idle. */
    synchronized Held<T> take(SessionKey key) {
        Deque<Held<T>> ready = idle.get(key);
        Held<T> held = ready == null ? null : ready.pollFirst();
        if (ready != null && ready.isEmpty()) {
            idle.remove(key);
        }
        if (held != null) {
            busy.add(held);
        }
        return held;
    }

    /** A new interpreter of {@code key}, held by the caller until it gives it back. */
    synchronized Held<T> adopt(SessionKey key, T interpreter) {
        Held<T> held = new Held<>(key, interpreter, System.nanoTime());
        busy.add(held);
        return held;
    }

    /**
     * Returns a held interpreter after a run: idle again, unless the pool was dropped meanwhile, when it is
     * released. True when it stays.
     */
    boolean giveBack(Held<T> held) {
        synchronized (this) {
            busy.remove(held);
            held.lastUsedNanos = System.nanoTime();
            if (!held.dropped) {
                idle.computeIfAbsent(held.key, k -> new ArrayDeque<>()).addFirst(held);
                return true;
            }
        }
        release.accept(held.interpreter);
        return false;
    }

    /** Forgets a held interpreter that must not serve again (recycled); releasing it is the caller's. */
    synchronized void discard(Held<T> held) {
        busy.remove(held);
    }

    /** Releases idle interpreters, least recently used first, until at most {@code max} are held; returns how many. */
    int trimTo(int max) {
        return releaseIdle(all -> all.stream().sorted(Comparator.comparingLong(h -> h.lastUsedNanos))
                .limit(Math.max(0, size() - max)).toList());
    }

    /** Releases the idle interpreters unused for the idle TTL; returns how many. */
    int evictIdle() {
        long cutoff = System.nanoTime() - idleTtl.toNanos();
        return releaseIdle(all -> all.stream().filter(h -> h.lastUsedNanos - cutoff < 0).toList());
    }

    /** Releases every idle interpreter now, and each one in a run when the run gives it back. */
    void dropAll() {
        releaseIdle(all -> {
            busy.forEach(held -> held.dropped = true); // under the same lock: none is given back idle in between
            return all;
        });
    }

    /** Interpreters held, idle or in a run. */
    synchronized int size() {
        return busy.size() + idle.values().stream().mapToInt(Deque::size).sum();
    }

    /**
     * Takes the idle interpreters {@code choose} picks (under the pool's lock) out of the pool, and releases them once
     * the lock is let go; returns how many.
     */
    private int releaseIdle(UnaryOperator<List<Held<T>>> choose) {
        List<Held<T>> gone;
        synchronized (this) {
            gone = choose.apply(idle.values().stream().flatMap(Deque::stream).toList());
            gone.forEach(this::remove);
        }
        gone.forEach(held -> release.accept(held.interpreter));
        return gone.size();
    }

    private void remove(Held<T> held) {
        Deque<Held<T>> ready = idle.get(held.key);
        ready.remove(held);
        if (ready.isEmpty()) {
            idle.remove(held.key);
        }
    }
}
