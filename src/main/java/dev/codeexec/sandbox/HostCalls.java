package dev.codeexec.sandbox;

/**
 * Where an interpreter sends its bridge calls: the {@link HostBridge} itself in this JVM, or, in a
 * worker process, a client that forwards them to the server. Everything crossing it is JSON text.
 */
@FunctionalInterface
interface HostCalls {

    /** Calls a host service on behalf of {@code owner}; returns {@code {"result": ...}} or {@code {"error": ..., "kind": ...}}. */
    String call(String owner, String service, String method, String argsJson);

}
