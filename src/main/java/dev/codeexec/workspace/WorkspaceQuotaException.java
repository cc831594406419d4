package dev.codeexec.workspace;

import java.io.IOException;

/**
 * A write refused because it would break a workspace quota. An {@link IOException}, so guest code
 * sees an ordinary {@code OSError}; the message names the configuration key and its value.
 */
public final class WorkspaceQuotaException extends IOException {
    public WorkspaceQuotaException(String detail) {
        super("Disk quota exceeded: " + detail);
    }
}
