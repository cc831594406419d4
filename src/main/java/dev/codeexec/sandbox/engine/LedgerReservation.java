package dev.codeexec.sandbox.engine;

import java.io.IOException;

/**
 * An interpreter's reservation on the server's workspace ledger, which every change its files make draws on: one
 * lease a run, reserved in growing chunks of bytes and entries, settled once with the run's net change when the run
 * ends. A new file, a truncation or a write then needs no round trip of its own to the server (each was one, 250-400
 * us from a worker, docs/benchmarks.md). Until the run settles, its unused rest stays counted, which can only make
 * the workspace look fuller to others than it is; this interpreter's own free space leaves it out ({@link #unused}).
 *
 * <p>Guest code runs on one thread per interpreter; synchronized because a closed context's channels are closed from
 * another thread, and guest threads may write beside the main one.
 */
final class LedgerReservation {

    /** Bytes the run's first reservation asks for beyond what it needs, where there is room. */
    static final long FIRST_BYTES = 64 << 10;
    /**
     * Most bytes asked for beyond what a write needs: the extra doubles with what the run holds, from
     * {@link #FIRST_BYTES}, so a run writing a big file asks once a megabyte.
     */
    static final long MOST_BYTES = 1 << 20;
    /** New entries (files, as directories are the server's to make) the first reservation asks for. */
    static final int FIRST_ENTRIES = 16;
    /** Most entries asked for at once: they double with the run's files, as bytes do. */
    static final int MOST_ENTRIES = 256;

    private final BridgeLedger ledger;
    /** The server's lease for this run, 0 when none is open. */
    private long lease;
    private long grantedBytes;
    /** Net growth so far: up by writes past a file's end, down by truncations. */
    private long usedBytes;
    private long grantedEntries;
    private long usedEntries;
    /** Entries taken by files being opened, not yet known made or not. */
    private long heldEntries;
    /** A file was written after it was deleted or replaced: its bytes are counted but not on disk. */
    private boolean recount;

    LedgerReservation(BridgeLedger ledger) {
        this.ledger = ledger;
    }

    /** Opens the lease before a change that frees space, so no recount can run across it. */
    synchronized void open() throws IOException {
        if (lease == 0) {
            ask(0, 0);
        }
    }

    /** Accounts {@code bytes} of growth, reserving more first when the reservation is spent; refused growth throws. */
    synchronized void grow(long bytes) throws IOException {
        long missing = bytes - (grantedBytes - usedBytes);
        if (missing > 0) {
            ask(missing, 0);
        }
        usedBytes += bytes;
    }

    /**
     * Accounts bytes a truncation freed; the caller {@link #open opened} the lease before truncating. Should the run
     * have settled in between (another thread ended it), a recount rather than a release: one may have measured the
     * file already.
     */
    synchronized void shrink(long bytes) {
        if (lease == 0) {
            recount = true;
        } else {
            usedBytes -= bytes;
        }
    }

    /** Takes one entry for a file about to be made; refused when the workspace holds as many as it may. */
    synchronized void holdEntry() throws IOException {
        if (grantedEntries - usedEntries - heldEntries < 1) {
            ask(0, 1);
        }
        heldEntries++;
    }

    /** The held entry was made: a new file exists. Made after the run settled, it is left to a recount. */
    synchronized void entryMade() {
        if (heldEntries == 0) {
            recount = true;
            return;
        }
        heldEntries--;
        usedEntries++;
    }

    /** The held entry was not needed (the file existed, or could not be made). */
    synchronized void entryUnused() {
        heldEntries = Math.max(0, heldEntries - 1);
    }

    /** Asks for a recount when the run settles: a file was written after it was deleted or replaced. */
    synchronized void recountLater() {
        recount = true;
    }

    /** Bytes reserved for this run and not used yet: not used space, as this interpreter sees the store. */
    synchronized long unused() {
        return Math.max(0, grantedBytes - usedBytes);
    }

    /**
     * Ends the run's lease with what it changed, sent with the ledger's next call ({@link BridgeLedger#settleLater});
     * a wanted recount without a lease goes as a settlement of lease 0. Entries still held (a file being opened on
     * another thread) count as unused: the next run's lease grants them again.
     */
    synchronized void settle() {
        if (lease == 0) {
            if (recount) {
                ledger.settleLater(0, 0, 0, true);
                recount = false;
            }
            return;
        }
        ledger.settleLater(lease, usedBytes, usedEntries, recount);
        lease = 0;
        grantedBytes = usedBytes = grantedEntries = usedEntries = heldEntries = 0;
        recount = false;
    }

    private void ask(long bytes, int entries) throws IOException {
        long moreBytes = Math.min(MOST_BYTES, Math.max(FIRST_BYTES, grantedBytes));
        long moreEntries = Math.min(MOST_ENTRIES, Math.max(FIRST_ENTRIES, grantedEntries));
        BridgeLedger.Grant grant = ledger.reserve(lease, bytes, bytes + moreBytes, entries, entries + moreEntries);
        lease = grant.lease();
        grantedBytes += grant.bytes();
        grantedEntries += grant.entries();
    }
}
