package dev.codeexec.sandbox.engine;

import java.io.IOException;

/**
 * One guest change's lease on the server's ledger, as the worker keeps it: reserved in chunks so that most writes
 * need no round trip, settled once with the net growth. Guest code runs on one thread per interpreter; a lease
 * belongs to one channel or one operation; synchronized only because a closed context's channels are settled
 * from another thread.
 */
final class GuestLease {

    /**
     * Most bytes asked for beyond what a write needs. The extra grows with what the lease already holds (doubling,
     * from {@link #FIRST}), so a file left open unclosed (GraalPy closes files at garbage collection) holds back at
     * most as much again as it wrote, or {@code FIRST}; a big file costs one round trip per megabyte.
     */
    static final long CHUNK = 1 << 20;
    /**
     * Bytes a lease's first reservation asks for at least, where there is room (a file opened for writing, truncated,
     * or appended to): a small file's writes then need no round trip of their own to the server (each is 250-400 us,
     * docs/benchmarks.md). Never refused for itself: the ledger grants what fits.
     */
    static final long FIRST = 64 << 10;

    private final BridgeLedger ledger;
    private long id;
    private long granted;
    /** Net growth so far: up by writes past the end, down by truncations. */
    private long used;
    private long entriesUsed;

    GuestLease(BridgeLedger ledger) {
        this.ledger = ledger;
    }

    synchronized boolean active() {
        return id != 0;
    }

    /** Opens the lease reserving {@code entries} new entries, {@code needed} bytes and, if there is room, up to {@code wanted}. */
    synchronized void begin(int entries, long needed, long wanted) throws IOException {
        reserve(needed, wanted, entries);
    }

    /** Makes sure the lease is open before a change that frees space, so no recount can run across it. */
    synchronized void open() throws IOException {
        if (id == 0) {
            reserve(0, 0, 0);
        }
    }

    /** Accounts {@code bytes} of growth, reserving more first when the grant is spent; refused growth throws. */
    synchronized void grow(long bytes) throws IOException {
        long free = granted - used;
        if (bytes > free) {
            long missing = bytes - free;
            reserve(missing, Math.max(missing, Math.min(CHUNK, granted)), 0);
        }
        used += bytes;
    }

    /** Accounts bytes freed by a truncation made while the lease was {@link #open}. */
    synchronized void shrink(long bytes) {
        used -= bytes;
    }

    /** Accounts one file or directory the change really made. */
    synchronized void created() {
        entriesUsed++;
    }

    /** Settles once, with the ledger's next call ({@link BridgeLedger#settleLater}); later calls do nothing. */
    synchronized void settle(boolean recount) {
        if (id == 0) {
            return;
        }
        long lease = id;
        id = 0;
        ledger.settleLater(lease, used, entriesUsed, recount);
    }

    private void reserve(long needed, long wanted, int entries) throws IOException {
        long asked = granted == 0 ? Math.max(wanted, FIRST) : wanted;
        BridgeLedger.Grant grant = ledger.reserve(id, needed, asked, entries);
        id = grant.lease();
        granted += grant.bytes();
    }
}
