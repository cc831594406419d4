package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;

/**
 * The JDK worker JVMs run on and the compiler they get, chosen once at start-up (so a wrong
 * {@code sandbox.worker.java-home} or {@code sandbox.jit=on} without a compiler fails the start itself) and used by
 * every worker launch and by stats alike.
 */
public record WorkerRuntime(WorkerJdk jdk, JitOptions.Choice jit) {

    public static WorkerRuntime choose(SandboxSettings.Worker worker) {
        WorkerJdk jdk = WorkerJdk.of(worker.javaHome());
        return new WorkerRuntime(jdk, JitOptions.forWorker(worker.jit(), Runtime.getRuntime().availableProcessors(), jdk));
    }

    /** Sandboxed code in the server's own JVM (sandbox.isolation=in-process): its JDK, no compiler configured. */
    public static WorkerRuntime inProcess() {
        WorkerJdk jdk = WorkerJdk.running();
        return new WorkerRuntime(jdk, JitOptions.forWorker(SandboxSettings.Jit.OFF, 1, jdk));
    }
}
