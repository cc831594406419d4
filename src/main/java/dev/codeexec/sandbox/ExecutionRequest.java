package dev.codeexec.sandbox;

import java.time.Duration;

/**
 * One validated execution: the caller's code and stdin, its wall-clock budget, the connection it
 * comes from ({@code owner}: bridge calls act on its behalf), and optionally the persistent session
 * it runs in (scoped to that connection).
 */
public record ExecutionRequest(String code, String stdin, Duration timeout, String owner, SessionKey session) {

    public ExecutionRequest {
        stdin = stdin == null ? "" : stdin;
        owner = owner == null ? "" : owner;
    }
}
