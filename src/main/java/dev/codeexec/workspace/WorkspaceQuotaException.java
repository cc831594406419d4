package dev.codeexec.workspace;

import java.io.IOException;

/**
 * A write refused because it would break a workspace quota, or because the workspace's usage cannot be measured.
 * An {@link IOException}, so guest code sees an ordinary {@code OSError}; the message names the configuration key
 * and its value.
 */
public final class WorkspaceQuotaException extends IOException {

    static final String PREFIX = "Disk quota exceeded: ";
    private final String detail;

    public WorkspaceQuotaException(String detail) {
        super(PREFIX + detail);
        this.detail = detail;
    }

    /** The message without its prefix, for carrying the refusal across the bridge. */
    public String detail() {
        return detail;
    }
}
