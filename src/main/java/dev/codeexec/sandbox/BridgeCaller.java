package dev.codeexec.sandbox;

/**
 * Who a bridge call comes from: the connection that started the execution (the MCP session id on
 * HTTP, a fixed id on stdio, "rest" for the REST API), as the server knows it. Per-connection state such as the
 * PII vault is keyed by it. {@code origin} names the process the call came through (one worker process, or
 * {@link #IN_PROCESS}); state that must end with that process (open file leases) is keyed by it.
 */
public record BridgeCaller(String connectionId, String origin) {

    /** Origin of calls from interpreters inside the server JVM. */
    public static final String IN_PROCESS = "in-process";

    public BridgeCaller(String connectionId) {
        this(connectionId, IN_PROCESS);
    }
}
