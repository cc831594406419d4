package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The JDK worker JVMs run on and the compiler they get, chosen once at start-up (so a wrong
 * {@code sandbox.worker.java-home} fails the start itself, and a {@code sandbox.jit=on} the JDK cannot honour is
 * said once) and used by every worker launch and by stats alike.
 */
public record WorkerRuntime(WorkerJdk jdk, JitOptions.Choice jit) {

    private static final Logger LOG = Logger.getLogger(WorkerRuntime.class.getName());

    public static WorkerRuntime choose(SandboxSettings.Worker worker) {
        WorkerJdk jdk = WorkerJdk.of(worker.javaHome());
        JitOptions.Choice jit = JitOptions.forWorker(worker.jit(), jdk);
        jit.notice().ifPresent(notice -> LOG.log(Level.WARNING, notice));
        return new WorkerRuntime(jdk, jit);
    }

    /** Sandboxed code in the server's own JVM (sandbox.isolation=in-process): its JDK, no compiler configured. */
    public static WorkerRuntime inProcess() {
        WorkerJdk jdk = WorkerJdk.running();
        return new WorkerRuntime(jdk, JitOptions.forWorker(SandboxSettings.Jit.OFF, jdk));
    }
}
