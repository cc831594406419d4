package dev.codeexec.sandbox.engine;

/**
 * Where an interpreter sends its bridge calls: the {@link dev.codeexec.sandbox.HostBridge} itself in this JVM,
 * or, in a worker process, a client that forwards them to the server. Everything crossing it is JSON text.
 */
@FunctionalInterface
public interface HostCalls {

    /** The error kind of a call refused before it reached the host: the host never saw it. */
    String REFUSED = "refused";

    /** Refuses every call: the bridge of an interpreter that runs no caller's code (the worker's warm-up). */
    HostCalls REFUSE_ALL = (owner, service, method, args) ->
            "{\"error\":\"the bridge is closed to this interpreter: it runs no caller's code\",\"kind\":\""
                    + REFUSED + "\"}";

    /** Calls a host service on behalf of {@code owner}; returns {@code {"result": ...}} or {@code {"error": ..., "kind": ...}}. */
    String call(String owner, String service, String method, String argsJson);

    /**
     * The same call, made by the interpreter numbered {@code interpreter} (see {@link PythonInterpreter#id}): a
     * worker answers only the interpreter running its current execution.
     */
    default String call(String owner, long interpreter, String service, String method, String argsJson) {
        return call(owner, service, method, argsJson);
    }

    /** The same call, made through the process {@code origin} (a worker); only the server's bridge tells them apart. */
    default String call(String owner, String origin, String service, String method, String argsJson) {
        return call(owner, service, method, argsJson);
    }

    /** The process {@code origin} has exited: whatever its calls left open will never be closed by it. */
    default void callerGone(String origin) {
    }

}
