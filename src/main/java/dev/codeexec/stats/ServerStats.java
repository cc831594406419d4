package dev.codeexec.stats;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import jakarta.annotation.Nullable;
import dev.codeexec.sandbox.ContextStats;
import dev.codeexec.sandbox.ExecutionStats;
import dev.codeexec.sandbox.OpenSession;
import dev.codeexec.sandbox.OutcomeCounts;
import dev.codeexec.sandbox.RunStats;
import dev.codeexec.sandbox.SandboxState;
import dev.codeexec.workspace.WorkspaceSummary;
import dev.codeexec.sandbox.PythonPackage;
import java.util.List;
import java.util.Map;

/**
 * Everything get_execution_stats reports: the caller's tenant's figures, the calling connection's, and of the server
 * only the load and the shared pool (docs/THREAT_MODEL.md, T10).
 */
public record ServerStats(
        @JsonPropertyDescription("This server among replicas: codeexec.replica.name and a suffix drawn at each start")
        String replica,
        @JsonProperty("uptime_s")
        @JsonPropertyDescription("Seconds since the server started")
        long uptimeS,
        @JsonPropertyDescription("True once the sandbox is warmed and executions start without delay")
        boolean ready,
        @JsonPropertyDescription("Your tenant's executions by outcome and latency percentiles (ms) over its most "
                + "recent 2048; running and queued are the whole server's")
        ExecutionStats executions,
        @JsonPropertyDescription("Executions finished on the calling connection, by outcome")
        OutcomeCounts connection,
        @JsonPropertyDescription("Bytes executions took in (tool results, files read, stdin), returned inline and "
                + "spilled to workspace files, for the calling connection and your tenant in total, with estimated tokens")
        ContextStats context,
        @JsonPropertyDescription("Your tenant's background runs now by state (finished ones until they expire), and "
                + "those finished since start by outcome")
        RunStats runs,
        @JsonPropertyDescription("Isolation mode, worker pool and your tenant's live sessions; null while the sandbox "
                + "starts")
        @Nullable SandboxState sandbox,
        @JsonPropertyDescription("Your tenant's persistent sessions, the most recently used first: the handle, seconds "
                + "idle, whether a run holds it, seconds until it expires idle (none while held)")
        List<OpenSession> sessions,
        @JsonProperty("os_sandbox")
        @JsonPropertyDescription("The operating-system sandbox under worker processes: bwrap, unshare or none")
        String osSandbox,
        @JsonProperty("worker_jdk")
        @JsonPropertyDescription("The JDK sandboxed code runs on: version, vendor")
        String workerJdk,
        @JsonPropertyDescription("Optimizing compiler for sandboxed code: off, or libgraal (GraalVM JDK)")
        String jit,
        @JsonPropertyDescription("Workspace files and bytes against their quotas")
        WorkspaceSummary workspace,
        @JsonProperty("python_packages")
        @JsonPropertyDescription("Packages importable beyond the standard library: name, version, import names")
        List<PythonPackage> pythonPackages,
        @JsonPropertyDescription("Server process memory; the workers' is sandbox.workers_memory")
        MemoryStats memory,
        @JsonPropertyDescription("Figures of other capabilities (registry, skills, pii), by name")
        Map<String, Object> capabilities) {
}
