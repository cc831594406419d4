package dev.codeexec.sandbox;

/**
 * A persistent interpreter's identity: the session name a caller chose, scoped to the connection
 * that owns it, so two connections using the same name never share state.
 */
public record SessionKey(String owner, String name) {

    /** Never a valid session name, so a caller's warm interpreter cannot be named by a session. */
    public static final String WARM = "*warm";

    /** The key of a caller's warm interpreter. */
    public static SessionKey warm(String owner) {
        return new SessionKey(owner, WARM);
    }
    @Override
    public String toString() {
        return owner + "/" + name;
    }
}
