package dev.codeexec.sandbox;

/** The execution queue is full; the caller should retry later. Nothing ran. */
public final class SandboxBusyException extends RuntimeException {
    public SandboxBusyException(int running, int queued) {
        this("sandbox busy: " + running + " executions running and " + queued
                + " queued, the queue is full; retry shortly");
    }

    public SandboxBusyException(String message) {
        super(message);
    }
}
