package dev.codeexec.sandbox;

import dev.codeexec.tenant.Caller;

/**
 * A persistent interpreter's identity. A session: its tenant and the handle the server minted for it, so any
 * connection of that tenant reaches it and no other tenant can. A warm interpreter: the key its caller's runs share.
 */
public record SessionKey(String owner, String name) {

    /** Never a session handle, so a caller's warm interpreter cannot be named by a session. */
    public static final String WARM = "*warm";

    /** The key of {@code tenant}'s session {@code handle}. */
    public static SessionKey of(String tenant, String handle) {
        return new SessionKey(new Caller(tenant, "sessions").id(), handle);
    }

    /** The key of the warm interpreter that runs keyed {@code warm} share. */
    public static SessionKey warm(String warm) {
        return new SessionKey(warm, WARM);
    }

    @Override
    public String toString() {
        return owner + "/" + name;
    }
}
