package dev.codeexec.bridge;

import java.util.Map;

/**
 * A host capability that sandboxed code may call through the bridge, the only way out of the
 * sandbox. Implementations are CDI beans in their own capability package (skills, pii, registry);
 * the sandbox finds them by {@link #service()}.
 *
 * <p>Guest side: {@code import _codeexec_bridge as b; b.call("skills", "load", {"name": "x"})}
 * returns the handler's result decoded from JSON. Capability packages ship a friendlier Python
 * module in {@code src/main/resources/guest/<module>.py} (listed in {@code guest/index.txt}) that
 * wraps these calls; it is importable by guest code in both isolation modes.
 *
 * <p>Arguments and results must be JSON-serializable (maps, lists, strings, numbers, booleans,
 * null, or records Jackson can write). A {@link dev.codeexec.InvalidInputException} becomes a Python
 * {@code ValueError} (or {@code LookupError} for {@code NOT_FOUND}) carrying its message; any other
 * exception becomes a {@code RuntimeError} without host details.
 */
public interface BridgeHandler {

    /** Service name used by guest calls, e.g. {@code "skills"}. */
    String service();

    /**
     * Handles one call from guest code.
     *
     * @param method the operation, e.g. {@code "load"}
     * @param args   decoded JSON object of arguments, never null
     * @param caller who is calling: the MCP connection the execution belongs to
     * @return a JSON-serializable result
     */
    Object handle(String method, Map<String, Object> args, BridgeCaller caller);

    /** The process {@link BridgeCaller#origin()} names has exited; state it left open can be dropped. */
    default void callerGone(String origin) {
    }
}
