package dev.codeexec.pii;

import dev.codeexec.tenant.Caller;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * sanitize_pii and restore_pii as a caller asks for them, over MCP or REST alike: in the vault a handle names, else
 * in the caller's own. Both adapters call this, so the two transports cannot differ on which vault a call uses, what
 * handle it answers with, or what a restore without a handle is told.
 */
@ApplicationScoped
public class CallerPii {

    private final PiiService pii;
    private final VaultHandles vaults;

    public CallerPii(PiiService pii, VaultHandles vaults) {
        this.pii = pii;
        this.vaults = vaults;
    }

    /**
     * Sanitizes into the vault {@code vault} names, or the caller's own, and names the vault used: its handle is what
     * restores the tokens from another connection or another REST caller of the tenant.
     *
     * @throws dev.codeexec.InvalidInputException naming {@value VaultHandles#FIELD} when the handle is not the
     *                                            tenant's, and as {@link PiiService#sanitize} does
     */
    public SanitizeResult sanitize(Caller caller, SanitizeRequest request, String vault) {
        String key = vaults.actingFor(caller, vault);
        return pii.sanitize(request, key).withVault(vault != null ? vault : vaults.handleOf(key));
    }

    /**
     * Restores the tokens of the vault {@code vault} names, or of the caller's own. Without a handle, tokens the
     * caller's own vault does not hold come back with a note to pass one: a client that opens a connection per call
     * (or a REST caller under another X-Session-Id) otherwise restores nothing and is not told why.
     */
    public RestoreResult restore(Caller caller, String text, String vault) {
        RestoreResult restored = pii.restore(text, vaults.actingFor(caller, vault));
        return vault == null ? restored.askingForTheVault() : restored;
    }
}
