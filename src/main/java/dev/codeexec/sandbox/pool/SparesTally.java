package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.Spares;
import java.util.HashMap;
import java.util.Map;

/**
 * The spare interpreters taken and built, over the pool's life: each live worker's as it last reported them, and
 * those of workers gone, which are kept so the totals never go back. Not thread-safe: the placement calls it under
 * its lock ({@link WorkerPlacement}).
 *
 * @param <H> a worker
 */
final class SparesTally<H> {

    private final Map<H, Spares> live = new HashMap<>();
    private Spares gone = Spares.NONE;

    /** The worker's totals as it reports them after a run; each report replaces its last. */
    void note(H worker, Spares spares) {
        live.put(worker, spares);
    }

    /** The worker is gone: its last report counts on. */
    void forget(H worker) {
        Spares left = live.remove(worker);
        if (left != null) {
            gone = gone.plus(left);
        }
    }

    Spares total() {
        return live.values().stream().reduce(gone, Spares::plus);
    }
}
