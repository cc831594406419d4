package dev.codeexec.workspace;

/** A path that is not confined to the workspace; the message says why, never what the file holds. */
public final class PathOutsideWorkspaceException extends SecurityException {
    private final String reason;

    public PathOutsideWorkspaceException(String path, String reason) {
        super("Permission denied: path " + path + " " + reason);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
