package dev.codeexec.sandbox;

/**
 * A persistent interpreter's identity: the session name a caller chose, scoped to the connection
 * that owns it, so two connections using the same name never share state.
 */
public record SessionKey(String owner, String name) {
    @Override
    public String toString() {
        return owner + "/" + name;
    }
}
