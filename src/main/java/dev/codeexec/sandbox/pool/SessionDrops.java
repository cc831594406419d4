package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SessionKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sessions dropped from the session table whose worker still holds their state: each worker is told with its next
 * run. Not thread-safe: the placement calls it under its lock ({@link WorkerPlacement}).
 *
 * @param <H> a worker
 */
final class SessionDrops<H> {

    private final Map<H, List<SessionKey>> pending = new HashMap<>();

    void add(H worker, SessionKey key) {
        pending.computeIfAbsent(worker, w -> new ArrayList<>()).add(key);
    }

    /** The sessions to drop on {@code worker}, once: they are sent with the run about to go. */
    List<SessionKey> take(H worker) {
        List<SessionKey> drops = pending.remove(worker);
        return drops == null ? List.of() : drops;
    }

    /** The worker is gone, and its sessions with it. */
    void forget(H worker) {
        pending.remove(worker);
    }
}
