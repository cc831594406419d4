package dev.codeexec.pii;

import dev.codeexec.replica.ReplicaIdentity;
import dev.codeexec.sandbox.VaultNames;
import dev.codeexec.tenant.Caller;
import dev.codeexec.tenant.HandleTable;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Handles of PII vaults, owned by a tenant, so that tokens issued on one connection can be restored on another. A
 * vault is named inside the server by a caller id of its tenant: a connection's own (the default vault, which needs
 * no handle) or one made for a handle. Handles live as long as the vaults they name (pii.vault.idle-ttl, or while a
 * session acting for the vault lives: {@link VaultHolders}).
 */
@ApplicationScoped
public class VaultHandles implements VaultNames {

    public static final String FIELD = "vault";

    private final HandleTable<String> handles;
    private final PiiVault vault;
    private final AtomicLong made = new AtomicLong();

    public VaultHandles(PiiConfig config, ReplicaIdentity replica, VaultHolders holders, PiiVault vault) {
        this.vault = vault;
        this.handles = new HandleTable<>(FIELD, "vault", "sanitize the original text again, which fills a new "
                + "vault", config.vault().idleTtl(),
                new HandleTable.Limit(config.vault().maxSessions(), "pii.vault.max-sessions",
                        HandleTable.Full.FORGET_OLDEST, null),
                // A vault's tokens expire in PiiVault on the same TTL; its handle has nothing more to end.
                replica, expired -> { },
                (tenant, handle, vaultCaller) -> holders.holds(vaultCaller));
    }

    /** A new, empty vault of {@code tenant}: its handle. */
    public String open(String tenant) {
        return handles.mint(tenant, new Caller(tenant, "vault:" + made.incrementAndGet()).id());
    }

    /** The handle naming the vault of {@code vaultCaller} (a caller id), minted the first time it is asked for. */
    public String handleOf(String vaultCaller) {
        return handles.handleOf(Caller.tenantOf(vaultCaller), vaultCaller);
    }

    /**
     * The handle naming the vault of {@code vaultCaller} when that vault holds tokens, else null: a run that tokenized
     * through {@code import pii} names the vault it used, and a run that did not mints no handle (a client opening a
     * connection per call would otherwise fill the tenant's handles with empty vaults).
     */
    @Override
    public String handleIfUsed(String vaultCaller) {
        return vault.exists(vaultCaller) ? handleOf(vaultCaller) : null;
    }

    /**
     * The vault {@code tenant}'s handle names, as the caller id the vault is kept under.
     *
     * @throws dev.codeexec.InvalidInputException (NOT_FOUND, field {@value #FIELD}) when the handle is unknown,
     *                                            expired or another tenant's, all alike
     */
    public String vaultOf(String tenant, String handle) {
        return handles.require(tenant, handle);
    }

    /**
     * The caller id whose vault a call of {@code caller} uses: the one {@code handle} names, which must be the
     * caller's tenant's, or without a handle the caller's own (so stdio and REST callers need none).
     *
     * @throws dev.codeexec.InvalidInputException as {@link #vaultOf} does
     */
    public String actingFor(Caller caller, String handle) {
        return handle == null ? caller.id() : vaultOf(caller.tenant(), handle);
    }
}
