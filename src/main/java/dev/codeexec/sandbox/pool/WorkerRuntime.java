package dev.codeexec.sandbox.pool;

import dev.codeexec.sandbox.SandboxSettings;
import java.util.Optional;

/**
 * The JDK worker JVMs run on and the compiler they get, chosen once at start-up (so a wrong
 * {@code sandbox.worker.java-home} or {@code sandbox.jit=on} without a compiler fails the start itself) and used by
 * every worker launch and by stats alike.
 */
public record WorkerRuntime(WorkerJdk jdk, JitOptions.Choice jit) {

    public static WorkerRuntime choose(SandboxSettings.Worker worker) {
        int cores = Runtime.getRuntime().availableProcessors();
        WorkerJdk jdk = WorkerJdk.of(worker.javaHome());
        JitOptions.Choice jit = JitOptions.forWorker(worker.jit(), cores, jdk);
        if (!jit.keepsAotCache() && jdk.feature() >= 25 && worker.aotCacheDir().isPresent()) {
            // The compiler jars would turn the cache off: run the workers on an image that lets them keep it.
            Optional<WorkerJdk> image = WorkerImage.of(jdk, worker.aotCacheDir().get());
            if (image.isPresent()) {
                return new WorkerRuntime(image.get(), JitOptions.forWorker(worker.jit(), cores, image.get()));
            }
        }
        return new WorkerRuntime(jdk, jit);
    }

    /** Sandboxed code in the server's own JVM (sandbox.isolation=in-process): its JDK, no compiler configured. */
    public static WorkerRuntime inProcess() {
        WorkerJdk jdk = WorkerJdk.running();
        return new WorkerRuntime(jdk, JitOptions.forWorker(SandboxSettings.Jit.OFF, 1, jdk));
    }
}
