package dev.codeexec.sandbox;

import dev.codeexec.tenant.Caller;

/**
 * A persistent interpreter's identity. A session: its tenant and the handle the server minted for it, so any
 * connection of that tenant reaches it and no other tenant can. Warm interpreters: the tenant whose runs share them.
 */
public record SessionKey(String owner, String name) {

    /** Never a session handle, so a tenant's warm interpreters cannot be named by a session. */
    public static final String WARM = "*warm";

    /** The key of {@code tenant}'s session {@code handle}. */
    public static SessionKey of(String tenant, String handle) {
        return new SessionKey(new Caller(tenant, "sessions").id(), handle);
    }

    /** The key of {@code tenant}'s warm interpreters, which its runs without a session share. */
    public static SessionKey warm(String tenant) {
        return new SessionKey(tenant, WARM);
    }

    @Override
    public String toString() {
        return owner + "/" + name;
    }
}
