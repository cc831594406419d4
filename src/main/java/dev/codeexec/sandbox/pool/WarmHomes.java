package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SessionKey;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The worker holding each caller's warm interpreter (keyed by its {@link SessionKey#warm} key), and when the caller
 * last ran there. Not thread-safe: {@link WorkerPlacement} uses it under its lock.
 */
final class WarmHomes<W> {

    private record Home<W>(W worker, long lastUsedNanos) {
    }

    private final Map<SessionKey, Home<W>> homes = new HashMap<>();

    /** The worker holding the caller's interpreter, or null. */
    W of(SessionKey key) {
        Home<W> home = homes.get(key);
        return home == null ? null : home.worker();
    }

    /** The caller ran on {@code worker} just now: its interpreter lives there from now on. */
    void ranOn(SessionKey key, W worker, long nowNanos) {
        homes.put(key, new Home<>(worker, nowNanos));
    }

    /** Forgets each home last used before {@code cutoffNanos}, telling {@code evicted} which; returns how many. */
    int evictUnusedSince(long cutoffNanos, BiConsumer<W, SessionKey> evicted) {
        int before = homes.size();
        homes.entrySet().removeIf(e -> {
            if (e.getValue().lastUsedNanos() - cutoffNanos >= 0) {
                return false;
            }
            evicted.accept(e.getValue().worker(), e.getKey());
            return true;
        });
        return before - homes.size();
    }

    /** Forgets the caller's home if it is still {@code worker}: its interpreter there is gone. */
    void forget(SessionKey key, W worker) {
        Home<W> home = homes.get(key);
        if (home != null && home.worker() == worker) {
            homes.remove(key);
        }
    }

    /** Forgets every home on a worker that left the pool. */
    void leave(W worker) {
        homes.values().removeIf(home -> home.worker() == worker);
    }

    /** The callers whose interpreter lives on {@code worker}. */
    long on(W worker) {
        return homes.values().stream().filter(home -> home.worker() == worker).count();
    }
}
