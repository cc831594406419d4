package dev.codeexec.sandbox;

import dev.codeexec.workspace.WorkspaceQuota;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Everything the sandbox needs to know from configuration, as plain data (the worker process has
 * no CDI). Built from {@link SandboxConfig} in the server.
 */
public record SandboxSettings(
        Isolation isolation,
        Path workspace,
        int outputLimitBytes,
        int warmContexts,
        int maxConcurrent,
        int queueSize,
        Duration cancelGrace,
        int maxSessionsPerConnection,
        Duration sessionIdleTtl,
        Worker worker,
        WorkspaceQuota quota) {

    public enum Isolation { PROCESS, IN_PROCESS }

    /** How worker processes are launched. */
    public record Worker(int heapMb, int maxOpenFiles, long maxFileSizeBytes, Duration startTimeout,
            List<String> jvmOptions, Optional<String> classpath, Optional<Path> java) {
    }
}
