package dev.codeexec.sandbox;

import dev.codeexec.pii.VaultHolders;
import jakarta.enterprise.context.ApplicationScoped;

/** A persistent session holds the PII vault it acts for: it lives as long as the session does. */
@ApplicationScoped
public class SessionVaults implements VaultHolders {

    private final SandboxService sandbox;

    public SessionVaults(SandboxService sandbox) {
        this.sandbox = sandbox;
    }

    @Override
    public boolean holds(String vaultCaller) {
        return sandbox.sessionActsFor(vaultCaller);
    }
}
