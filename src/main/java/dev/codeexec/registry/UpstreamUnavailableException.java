package dev.codeexec.registry;

import dev.codeexec.InvalidInputException;

/**
 * An upstream server could not be reached, timed out or refused the call. It is a refusal the caller
 * can read (a tool error, a Python exception), never a hang or a host stack trace.
 */
public class UpstreamUnavailableException extends InvalidInputException {

    public UpstreamUnavailableException(String tool, String message) {
        super(tool, message, Kind.CONFLICT);
    }
}
