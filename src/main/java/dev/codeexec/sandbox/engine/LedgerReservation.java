package dev.codeexec.sandbox.engine;

import dev.codeexec.workspace.WorkspaceAccount;
import java.io.IOException;

/**
 * An interpreter's reservation on the server's workspace ledger, which every change its files make draws on: one
 * lease a run, reserved in growing chunks of bytes and entries, settled once with the run's net change when the run
 * ends. A new file, a truncation, a delete, a new directory or a write then needs no round trip of its own to the
 * server (each was one, 250-400 us from a worker, docs/benchmarks.md). Until the run settles its unused rest stays
 * counted, which can only make the workspace look fuller to others than it is; this interpreter's own free space
 * leaves it out ({@link #unused}).
 *
 * <p>Guest code runs on one thread per interpreter; synchronized because a closed context's channels are closed from
 * another thread, and guest threads may write beside the main one. A change that spans the run's settlement (begun
 * before it, ended after) is left to a recount: the lease it began on is gone.
 */
final class LedgerReservation implements WorkspaceAccount {

    /** Bytes the run's first reservation asks for beyond what it needs, where there is room. */
    static final long FIRST_BYTES = 64 << 10;
    /**
     * Most bytes asked for beyond what a write needs: the extra doubles with what the run holds, from
     * {@link #FIRST_BYTES}, so a run writing a big file asks once a megabyte.
     */
    static final long MOST_BYTES = 1 << 20;
    /** New entries (files and directories) the first reservation asks for beyond those needed. */
    static final int FIRST_ENTRIES = 16;
    /** Most entries asked for at once beyond those needed: they double with the run's, as bytes do. */
    static final int MOST_ENTRIES = 256;

    private final BridgeLedger ledger;
    /** The server's lease for this run, 0 when none is open. */
    private long lease;
    /** Counts the run's settlements: a change begun under an earlier one has lost its lease. */
    private long settlements;
    private long grantedBytes;
    /** Net growth so far: up by writes past a file's end, down by truncations and deletes. */
    private long usedBytes;
    private long grantedEntries;
    private long usedEntries;
    /** Entries reserved by changes in progress, not yet known made or not. */
    private long heldEntries;
    /** Bytes are counted that may not be on disk (a file written after it was deleted): recount once settled. */
    private boolean recount;

    LedgerReservation(BridgeLedger ledger) {
        this.ledger = ledger;
    }

    /** Opens one change on the run's lease, opening the lease first if need be. */
    @Override
    public synchronized Change open() throws IOException {
        if (lease == 0) {
            ask(0, 0);
        }
        long begun = settlements;
        return new Change() {
            private int held;

            @Override
            public void reserveEntries(int entries) throws IOException {
                synchronized (LedgerReservation.this) {
                    if (begun != settlements) {
                        throw new IOException("the run ended during the change");
                    }
                    long missing = entries - (grantedEntries - usedEntries - heldEntries);
                    if (missing > 0) {
                        ask(0, (int) missing);
                    }
                    heldEntries += entries;
                    held += entries;
                }
            }

            @Override
            public void settle(long bytes, long entries) {
                synchronized (LedgerReservation.this) {
                    if (begun != settlements) {
                        recount = true;
                        return;
                    }
                    heldEntries -= held;
                    held = 0;
                    usedBytes += bytes;
                    usedEntries += entries;
                }
            }
        };
    }

    /** Accounts {@code bytes} of growth, reserving more first when the reservation is spent; refused growth throws. */
    synchronized void grow(long bytes) throws IOException {
        long missing = bytes - (grantedBytes - usedBytes);
        if (missing > 0) {
            ask(missing, 0);
        }
        usedBytes += bytes;
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
     * a wanted recount without a lease goes as a settlement of lease 0.
     */
    synchronized void settleRun() {
        settlements++;
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
        int moreEntries = (int) Math.min(MOST_ENTRIES, Math.max(FIRST_ENTRIES, grantedEntries));
        BridgeLedger.Grant grant = ledger.reserve(lease, bytes, bytes + moreBytes, entries, entries + moreEntries);
        lease = grant.lease();
        grantedBytes += grant.bytes();
        grantedEntries += grant.entries();
    }
}
