package dev.codeexec.rest;

import dev.codeexec.InvalidInputException;

/**
 * Who a REST caller is, for the state that MCP keys by connection (sessions, the PII vault,
 * per-caller stats): the {@code X-Session-Id} header, prefixed so that a REST caller can never
 * name an MCP connection's state, or one shared "rest" identity without it.
 */
final class RestCallers {

    static final String HEADER = "X-Session-Id";
    static final int MAX_SESSION_ID = 128;

    private RestCallers() {
    }

    static String id(String sessionId) {
        if (sessionId == null || sessionId.isBlank()) {
            return "rest";
        }
        if (sessionId.length() > MAX_SESSION_ID) {
            throw new InvalidInputException(HEADER, "is " + sessionId.length() + " characters; the limit is "
                    + MAX_SESSION_ID);
        }
        return "rest:" + sessionId;
    }
}
