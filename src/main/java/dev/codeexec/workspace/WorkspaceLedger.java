package dev.codeexec.workspace;

import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The running account of one workspace root: bytes and entries (files and directories) on disk plus what open
 * {@link Lease leases} have reserved. Every file layer that changes the workspace (the guest file system in any
 * worker, the file tools) changes it inside a lease: reserve before writing, settle with what was really used
 * when done. The account is therefore never below what is on disk, and no write path walks the tree.
 *
 * <p>The tree is walked once when the ledger is made, and recounted when the account may be too high: a worker
 * died holding leases (their unused reservations are unknown, so they stay counted), or a channel wrote into a
 * file that was deleted under it. A recount runs only when no lease is open and is discarded if one opened while
 * it walked, since a walk racing a change could miss it. A walk that cannot read part of the tree fails closed:
 * reservations are refused until a walk succeeds.
 */
public final class WorkspaceLedger implements WorkspaceAccount {

    private static final Logger LOG = Logger.getLogger(WorkspaceLedger.class.getName());

    private final WorkspaceRoot root;
    private final WorkspaceQuota quota;
    private final Executor recounts;
    private long bytes;
    private long entries;
    private int openLeases;
    /** Bumped by every lease opened: a recount that saw it change started before a change and is discarded. */
    private long generation;
    /** Why usage is unknown (the last walk failed), or null. */
    private String unmeasured;
    private boolean recountWanted;
    private boolean recounting;

    private WorkspaceLedger(WorkspaceRoot root, WorkspaceQuota quota, Executor recounts) {
        this.root = root;
        this.quota = quota;
        this.recounts = recounts;
    }

    /** Measures {@code root} (one walk) and keeps its account from then on; later recounts run on {@code recounts}. */
    public static WorkspaceLedger measure(WorkspaceRoot root, WorkspaceQuota quota, Executor recounts) {
        WorkspaceLedger ledger = new WorkspaceLedger(root, quota, recounts);
        synchronized (ledger) {
            ledger.apply(ledger.walk());
        }
        return ledger;
    }

    public WorkspaceRoot root() {
        return root;
    }

    public WorkspaceQuota quota() {
        return quota;
    }

    /** Usage as accounted: on disk plus reserved by open leases. */
    public synchronized WorkspaceUsage usage() {
        return new WorkspaceUsage(entries, bytes);
    }

    /** Opens a lease; nothing is reserved until {@link Lease#reserve}. */
    @Override
    public synchronized Lease open() {
        openLeases++;
        generation++;
        return new Lease();
    }

    /** Asks for a recount once no lease is open (a worker holding leases died: its unused reservations are unknown). */
    synchronized void recountWhenQuiet() {
        recountWanted = true;
        recountIfQuiet();
    }

    private void recountIfQuiet() {
        if (!recountWanted || openLeases > 0 || recounting) {
            return;
        }
        recounting = true;
        long seen = generation;
        recounts.execute(() -> {
            WalkResult result = walk();
            synchronized (this) {
                recounting = false;
                if (generation == seen) {
                    apply(result);
                } else {
                    recountIfQuiet();
                }
            }
        });
    }

    private record WalkResult(WorkspaceUsage usage, String failure) {
    }

    private WalkResult walk() {
        try {
            return new WalkResult(WorkspaceScan.walk(root.path()), null);
        } catch (IOException e) {
            String why = e instanceof WorkspaceScan.Unreadable ? e.getMessage()
                    : "the walk failed (" + e.getClass().getSimpleName() + ")";
            LOG.log(Level.WARNING, "workspace usage cannot be measured, writes are refused until it can: {0}", why);
            return new WalkResult(null, why);
        }
    }

    private void apply(WalkResult result) {
        if (result.failure() != null) {
            unmeasured = result.failure();
            recountWanted = true;
            return;
        }
        unmeasured = null;
        recountWanted = false;
        entries = result.usage().entries();
        bytes = result.usage().bytes();
        LOG.log(Level.FINE, "workspace measured: entries={0} bytes={1}", new Object[] {entries, bytes});
    }

    /** What one reservation granted: bytes and new entries (files and directories). */
    public record Grant(long bytes, long entries) {
    }

    /**
     * One change in progress: what it reserved, until it settles. Thread-safe through its ledger. A lease that is
     * never settled (its holder died) must be {@link #abandon abandoned}.
     */
    public final class Lease implements Change {
        private long grantedBytes;
        private long grantedEntries;
        private boolean open = true;

        private Lease() {
        }

        public WorkspaceLedger ledger() {
            return WorkspaceLedger.this;
        }

        /**
         * Reserves {@code entries} new files or directories and at least {@code needed} bytes, more (up to
         * {@code wanted}) when there is room, so that a writer need not come back for every write. The extra is
         * capped at a quarter of what is left, so that one writer's headroom never starves the others.
         *
         * @return the bytes granted, at least {@code needed}
         * @throws WorkspaceQuotaException naming the limit when the reservation does not fit; nothing is reserved
         */
        public long reserve(long needed, long wanted, int entries) throws WorkspaceQuotaException {
            return reserve(needed, wanted, entries, entries).bytes();
        }

        /**
         * As {@link #reserve(long, long, int)}, with entries too granted beyond those needed, up to
         * {@code entriesWanted} and a quarter of the entries left: for a writer that makes many files, as a worker's
         * interpreter does over a run.
         */
        public Grant reserve(long needed, long wanted, int entries, int entriesWanted) throws WorkspaceQuotaException {
            synchronized (WorkspaceLedger.this) {
                if (!open || needed < 0 || wanted < 0 || entries < 0) {
                    throw new IllegalStateException("reservation on a settled lease or of a negative amount");
                }
                requireMeasured(this);
                long entriesLeft = quota.maxFiles() - WorkspaceLedger.this.entries;
                if (entries > 0 && entries > entriesLeft) {
                    throw new WorkspaceQuotaException("the workspace already holds " + WorkspaceLedger.this.entries
                            + " files and directories, the limit (" + WorkspaceQuota.MAX_FILES + "="
                            + quota.maxFiles() + ", which counts both)");
                }
                long left = quota.maxTotalBytes() - bytes;
                if (needed > left) {
                    // Saved run output counts too, and an agent that never wrote much does not think of it.
                    throw new WorkspaceQuotaException("the workspace would hold " + (bytes + needed) + " bytes "
                            + "(counting space reserved for writes in progress), over "
                            + WorkspaceQuota.MAX_TOTAL_BYTES + "=" + quota.maxTotalBytes()
                            + "; runs' saved output in .runs/ counts too, and deleting it frees the space");
                }
                long granted = needed + Math.max(0, Math.min(wanted - needed, (left - needed) / 4));
                long made = entries + Math.max(0, Math.min(entriesWanted - entries, (entriesLeft - entries) / 4));
                bytes += granted;
                WorkspaceLedger.this.entries += made;
                grantedBytes += granted;
                grantedEntries += made;
                return new Grant(granted, made);
            }
        }

        @Override
        public void reserveEntries(int entries) throws WorkspaceQuotaException {
            reserve(0, 0, entries);
        }

        @Override
        public void settle(long bytes, long entries) {
            settle(bytes, entries, false);
        }

        /**
         * Ends the lease with what the change really did: {@code usedBytes} is the net growth (negative after a
         * truncation or delete), at most what was granted; {@code usedEntries} likewise. The unused rest goes back.
         *
         * @param recount the holder saw something that may leave the account too high (it wrote into a file
         *                deleted under it): recount once quiet
         */
        public void settle(long usedBytes, long usedEntries, boolean recount) {
            synchronized (WorkspaceLedger.this) {
                if (!open) {
                    return;
                }
                open = false;
                openLeases--;
                bytes += Math.min(usedBytes, grantedBytes) - grantedBytes;
                entries += Math.min(usedEntries, grantedEntries) - grantedEntries;
                if (bytes < 0 || entries < 0) {
                    // Releases beyond what was counted: something changed outside the ledger. Count again.
                    bytes = Math.max(0, bytes);
                    entries = Math.max(0, entries);
                    recount = true;
                }
                recountWanted |= recount;
                recountIfQuiet();
            }
        }

        /** Ends a lease whose holder is gone: its reservation stays counted until a recount. */
        public void abandon() {
            synchronized (WorkspaceLedger.this) {
                if (!open) {
                    return;
                }
                open = false;
                openLeases--;
                recountWanted = true;
                recountIfQuiet();
            }
        }
    }

    /** Fails closed while usage is unknown; tries one walk first if nothing else is changing the tree. */
    private void requireMeasured(Lease asking) throws WorkspaceQuotaException {
        if (unmeasured == null) {
            return;
        }
        if (openLeases == 1 && asking.grantedBytes == 0 && asking.grantedEntries == 0 && !recounting) {
            apply(walk());
        }
        if (unmeasured != null) {
            throw new WorkspaceQuotaException("the workspace's usage cannot be measured (" + unmeasured + "), so "
                    + "writes are refused until it can; restore read and search permission on its directories");
        }
    }
}
