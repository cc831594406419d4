package dev.codeexec.workspace;

import java.io.IOException;

/**
 * Where changes to a workspace are accounted as they are made: the server's {@link WorkspaceLedger}, or a sandbox
 * worker's reservation on it for the run in progress. While a change is open no recount of the workspace runs, so a
 * walk never sees half of it.
 */
public interface WorkspaceAccount {

    /** Opens one change. */
    Change open() throws IOException;

    /** One change in progress, settled once. */
    interface Change {

        /** Reserves {@code entries} new files or directories; refused past the workspace's limit. */
        void reserveEntries(int entries) throws IOException;

        /**
         * Ends the change with the bytes it added (negative when it freed them) and the entries it made (negative when
         * it removed them); entries reserved and not made go back.
         */
        void settle(long bytes, long entries);
    }
}
