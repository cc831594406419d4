package dev.codeexec.registry;

import dev.codeexec.InvalidInputException;
import dev.codeexec.bridge.CodedRefusal;

/**
 * An upstream tool call that did not give a result: the server could not be reached, the call timed out, or the
 * server answered with a failure. It is a refusal the caller can read (a tool error, a Python exception), never a hang
 * or a host stack trace. Its {@link Failure} reaches guest code as the bridge reply's code, so agent code can tell a
 * failure worth retrying from the tool's own error without parsing the message.
 */
public class UpstreamCallException extends InvalidInputException implements CodedRefusal {

    /** What went wrong, as guest code tells the cases apart ({@code tools.py} raises one class for each). */
    public enum Failure {
        /**
         * The server is not there: it cannot be started or reached, its process exited, or it is held off after a
         * failure.
         */
        UNAVAILABLE("upstream_unavailable"),
        /** The call outlived {@code registry.upstream-timeout}. */
        TIMEOUT("upstream_timeout"),
        /** The server answered with a failure: the tool's own error ({@code isError}) or a refusal of the request. */
        TOOL_FAILED("upstream_tool_failed");

        private final String code;

        Failure(String code) {
            this.code = code;
        }
    }

    private final Failure failure;

    public UpstreamCallException(String field, Failure failure, String message) {
        super(field, message, Kind.CONFLICT);
        this.failure = failure;
    }

    public Failure failure() {
        return failure;
    }

    @Override
    public String code() {
        return failure.code;
    }
}
