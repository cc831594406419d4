package dev.codeexec.sandbox.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Settlements of closed files that the server's ledger has not been sent yet, each {@code [lease, bytes, entries,
 * recount]}, shared by every interpreter of one process. The server keeps leases per process, so any interpreter's
 * next ledger call may carry them: also those of an interpreter closed between runs (a timed-out run's, a session
 * reset or expired), whose own calls the worker no longer forwards.
 */
final class Settlements {

    private final List<List<Long>> unsent = new ArrayList<>();

    synchronized void add(long lease, long bytes, long entries, boolean recount) {
        unsent.add(List.of(lease, bytes, entries, recount ? 1L : 0L));
    }

    synchronized boolean isEmpty() {
        return unsent.isEmpty();
    }

    /** All waiting, handed to one call. */
    synchronized List<List<Long>> take() {
        List<List<Long>> taken = List.copyOf(unsent);
        unsent.clear();
        return taken;
    }

    /** Puts back settlements a call took but never delivered, ahead of any added since, as they happened first. */
    synchronized void putBack(List<List<Long>> undelivered) {
        unsent.addAll(0, undelivered);
    }
}
