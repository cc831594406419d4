package dev.codeexec.bridge;

import dev.codeexec.tenant.Caller;

/**
 * Who a bridge call comes from: the caller that started the execution, as the server knows it ({@link Caller#id()}:
 * tenant, then the MCP connection or REST caller). Per-caller state such as the PII vault is keyed by it; tenant-wide
 * state (workspace, skills) by its tenant. {@code origin} names the process the call came through (one worker process,
 * or {@link #IN_PROCESS}); state that must end with that process (open file leases) is keyed by it.
 */
public record BridgeCaller(String connectionId, String origin) {

    /** Origin of calls from interpreters inside the server JVM. */
    public static final String IN_PROCESS = "in-process";

    public BridgeCaller(String connectionId) {
        this(connectionId, IN_PROCESS);
    }

    public String tenant() {
        return Caller.tenantOf(connectionId);
    }
}
