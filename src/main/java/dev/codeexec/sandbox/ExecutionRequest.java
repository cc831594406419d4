package dev.codeexec.sandbox;

import java.time.Duration;

/**
 * One validated execution: the caller's code and stdin, its wall-clock budget, and optionally the
 * persistent session it runs in (scoped to the caller's connection by {@code owner}).
 */
public record ExecutionRequest(String code, String stdin, Duration timeout, SessionKey session) {

    public ExecutionRequest {
        stdin = stdin == null ? "" : stdin;
    }

    public static ExecutionRequest of(String code, String stdin, Duration timeout) {
        return new ExecutionRequest(code, stdin, timeout, null);
    }
}
