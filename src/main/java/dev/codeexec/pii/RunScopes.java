package dev.codeexec.pii;

import dev.codeexec.InvalidInputException;
import dev.codeexec.sandbox.ExecutionLimits;
import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.tenant.Caller;
import jakarta.annotation.Nullable;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Whom an execute_code run acts for (whose PII vault its {@code import pii}, sanitize_output and upstream egress
 * restore use) and which handles its answer names, for MCP and REST alike: the rule lives once, so the transports
 * cannot disagree on which vault a run used.
 */
@ApplicationScoped
public class RunScopes {

    /** The session argument that opens a new persistent session. */
    public static final String NEW_SESSION = "new";

    /**
     * A run's scope.
     *
     * @param owner   the caller id the run acts for, whose vault its bridge calls use
     * @param session the session handle the answer names, or null without a session
     * @param vault   the vault handle known before the run (passed, or the session's), or null
     */
    public record RunScope(String owner, @Nullable String session, @Nullable String vault) {
    }

    private final SandboxService sandbox;
    private final VaultHandles vaults;

    public RunScopes(SandboxService sandbox, VaultHandles vaults) {
        this.sandbox = sandbox;
        this.vaults = vaults;
    }

    /**
     * A session's runs act for the vault it was opened with; {@code session="new"} opens one, with the vault passed
     * or a new one. Without a session, a run acts for the vault passed, or for its caller.
     *
     * @throws InvalidInputException naming session or vault for a handle that is not the tenant's, fresh with a
     *                               session, or a vault other than the session's
     */
    public RunScope scope(Caller caller, @Nullable String session, @Nullable String vault, boolean fresh) {
        String vaultOwner = vault == null ? null : vaults.vaultOf(caller.tenant(), vault);
        if (session == null) {
            return new RunScope(vaultOwner != null ? vaultOwner : caller.id(), null, vault);
        }
        ExecutionLimits.requireNoSession(fresh, session);
        if (NEW_SESSION.equals(session)) {
            String handle = vault != null ? vault : vaults.open(caller.tenant());
            String owner = vaultOwner != null ? vaultOwner : vaults.vaultOf(caller.tenant(), handle);
            return new RunScope(owner, sandbox.openSession(caller.tenant(), owner), handle);
        }
        String owner = sandbox.sessionActsFor(caller.tenant(), session);
        if (vaultOwner != null && !vaultOwner.equals(owner)) {
            throw new InvalidInputException(VaultHandles.FIELD, "differs from the vault the session was opened with; "
                    + "leave it out, the session keeps its own");
        }
        return new RunScope(owner, session, vaults.handleOf(owner));
    }

    /**
     * The handles a run's answer names, asked once the answer is in: its session's, and the vault known before the
     * run; else, with sanitize_output, the caller's own vault, whose tokens are restorable elsewhere only through its
     * handle; else the run's vault if it holds tokens (a run that tokenized nothing mints no handle: a client opening
     * a connection per call would fill the tenant's handles with empty vaults).
     */
    public StateHandles handles(RunScope scope, boolean sanitizedOutput) {
        String vault = scope.vault() != null ? scope.vault()
                : sanitizedOutput ? vaults.handleOf(scope.owner()) : vaults.handleIfUsed(scope.owner());
        return new StateHandles(scope.session(), vault);
    }
}
