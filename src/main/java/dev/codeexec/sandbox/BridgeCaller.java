package dev.codeexec.sandbox;

import dev.codeexec.tenant.Caller;

/**
 * Who a bridge call comes from: the caller that started the execution, as the server knows it ({@link Caller#id()}:
 * tenant, then the MCP connection or REST caller). Per-caller state such as the PII vault is keyed by it; tenant-wide
 * state (workspace, skills) by its tenant.
 */
public record BridgeCaller(String connectionId) {

    public String tenant() {
        return Caller.tenantOf(connectionId);
    }
}
