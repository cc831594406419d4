package dev.codeexec.sandbox;

/**
 * Who a bridge call comes from: the connection that started the execution (the MCP session id on
 * HTTP, a fixed id on stdio, "rest" for the REST API). Per-connection state such as the PII vault
 * is keyed by it.
 */
public record BridgeCaller(String connectionId) {
}
