package dev.codeexec.stats;

import dev.codeexec.sandbox.ContextBytes;
import dev.codeexec.sandbox.ExecutionRuns;
import dev.codeexec.sandbox.ExecutionStats;
import dev.codeexec.sandbox.OutcomeCounts;
import dev.codeexec.sandbox.RunStats;
import dev.codeexec.sandbox.SandboxService;
import dev.codeexec.sandbox.SandboxState;
import dev.codeexec.sandbox.Timing;
import dev.codeexec.tenant.Tenants;
import dev.codeexec.workspace.WorkspaceRoots;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * The stats as Prometheus meters at /q/metrics. Meters read the same counters get_execution_stats
 * reads, when scraped, so the two never disagree. Names are listed in docs/workspace-and-operations.md.
 */
@ApplicationScoped
public class ExecutionMetrics {

    private static final Map<String, ToLongFunction<ExecutionStats>> OUTCOMES = Map.of(
            "succeeded", ExecutionStats::succeeded,
            "failed", ExecutionStats::failed,
            "timed_out", ExecutionStats::timedOut,
            "killed", ExecutionStats::killed,
            "cancelled", ExecutionStats::cancelled,
            "rejected_busy", ExecutionStats::rejectedBusy);
    private static final Map<String, ToLongFunction<ExecutionStats>> LATENCY = Map.of(
            "0.5", ExecutionStats::p50Ms,
            "0.95", ExecutionStats::p95Ms,
            "0.99", ExecutionStats::p99Ms,
            "max", ExecutionStats::maxMs);
    private static final Map<String, ToLongFunction<SandboxState>> WORKERS = Map.of(
            "live", SandboxState::workersLive,
            "idle", SandboxState::workersIdle,
            "starting", SandboxState::workersStarting);
    private static final Map<String, ToLongFunction<Timing>> START_QUANTILES = Map.of(
            "0.5", Timing::p50Ms,
            "0.95", Timing::p95Ms,
            "max", Timing::maxMs);
    private static final Map<String, ToLongFunction<SandboxState>> WARM_RUNS = Map.of(
            "true", SandboxState::warmHits,
            "false", SandboxState::warmMisses);

    private static final Map<String, ToLongFunction<RunStats>> RUN_STATES = Map.of(
            "queued", RunStats::queued,
            "running", RunStats::running,
            "finished", RunStats::finished);
    private static final Map<String, ToLongFunction<OutcomeCounts>> RUN_OUTCOMES = Map.of(
            "succeeded", OutcomeCounts::succeeded,
            "failed", OutcomeCounts::failed,
            "timed_out", OutcomeCounts::timedOut,
            "killed", OutcomeCounts::killed,
            "cancelled", OutcomeCounts::cancelled);

    private static final Map<String, ToLongFunction<ContextBytes>> CONTEXT = Map.of(
            "tool", ContextBytes::toolBytes,
            "file", ContextBytes::fileBytes,
            "stdin", ContextBytes::stdinBytes,
            "inline", ContextBytes::inlineBytes,
            "spilled", ContextBytes::spilledBytes);

    private final MeterRegistry registry;
    private final SandboxService sandbox;
    private final ExecutionRuns runs;
    private final WorkspaceRoots workspaces;

    public ExecutionMetrics(MeterRegistry registry, SandboxService sandbox, ExecutionRuns runs,
            WorkspaceRoots workspaces) {
        this.registry = registry;
        this.sandbox = sandbox;
        this.runs = runs;
        this.workspaces = workspaces;
    }

    void register(@Observes StartupEvent event) {
        OUTCOMES.forEach((outcome, figure) -> FunctionCounter
                .builder("codeexec.executions", sandbox, s -> figure.applyAsLong(s.stats()))
                .tag("outcome", outcome)
                .description("Finished or refused executions by outcome")
                .register(registry));
        LATENCY.forEach((quantile, figure) -> gauge("codeexec.execution.latency.ms",
                "Execution wall-clock latency over the most recent 2048 executions", s -> figure.applyAsLong(s.stats()))
                .tag("quantile", quantile).register(registry));
        CONTEXT.forEach((kind, figure) -> FunctionCounter
                .builder("codeexec.context.bytes", sandbox, s -> figure.applyAsLong(s.contextTotal()))
                .tag("kind", kind)
                .description("Bytes finished executions took in (tool, file, stdin), returned inline and spilled")
                .register(registry));
        gauge("codeexec.executions.running", "Executions running now", s -> s.stats().running()).register(registry);
        gauge("codeexec.executions.queued", "Executions waiting for a slot", s -> s.stats().queued()).register(registry);
        gauge("codeexec.sandbox.ready", "1 once the sandbox is warmed", s -> s.ready() ? 1 : 0).register(registry);
        WORKERS.forEach((state, figure) -> gauge("codeexec.workers", "Sandbox worker processes by state",
                s -> s.state() == null ? 0 : figure.applyAsLong(s.state())).tag("state", state).register(registry));
        FunctionCounter.builder("codeexec.workers.replaced", sandbox,
                        s -> s.state() == null ? 0 : s.state().workersReplaced())
                .description("Worker processes killed or lost and replaced").register(registry);
        gauge("codeexec.sessions", "Live persistent execute_code sessions",
                s -> s.state() == null ? 0 : s.state().sessions()).register(registry);
        WARM_RUNS.forEach((found, figure) -> FunctionCounter.builder("codeexec.warm.runs", sandbox,
                        s -> s.state() == null ? 0 : figure.applyAsLong(s.state()))
                .description("Runs without a session by whether they found an idle warm interpreter of their tenant")
                .tag("found", found).register(registry));
        for (String cause : SandboxState.WARM_RECYCLE_CAUSES) {
            FunctionCounter.builder("codeexec.warm.recycles", sandbox,
                            s -> s.state() == null ? 0 : s.state().warmRecycles().getOrDefault(cause, 0L))
                    .description("Warm interpreters replaced, by cause").tag("cause", cause).register(registry);
        }
        START_QUANTILES.forEach((quantile, figure) -> {
            gauge("codeexec.worker.start.ms", "Worker process start to ready, over the most recent 256 starts",
                    s -> s.state() == null ? 0 : figure.applyAsLong(s.state().workerStart()))
                    .tag("quantile", quantile).register(registry);
            gauge("codeexec.context.build.ms", "Interpreter build time, over the most recent 256 builds",
                    s -> s.state() == null ? 0 : figure.applyAsLong(s.state().contextBuild()))
                    .tag("quantile", quantile).register(registry);
        });
        RUN_STATES.forEach((state, figure) -> Gauge.builder("codeexec.runs", runs, r -> figure.applyAsLong(r.stats()))
                .description("Background runs by state; finished ones until they expire").tag("state", state)
                .register(registry));
        RUN_OUTCOMES.forEach((outcome, figure) -> FunctionCounter.builder("codeexec.runs.finished", runs,
                        r -> figure.applyAsLong(r.stats().outcomes()))
                .description("Background runs finished since start, by outcome").tag("outcome", outcome)
                .register(registry));
        // The local tenant's (other tenants' usage is theirs to see, through their own get_execution_stats), looked up
        // at each scrape: measuring it here would walk the workspace on the start-up path.
        Gauge.builder("codeexec.workspace.files", workspaces, w -> w.files(Tenants.LOCAL).summary().files())
                .description("Regular files in the workspace").register(registry);
        Gauge.builder("codeexec.workspace.bytes", workspaces, w -> w.files(Tenants.LOCAL).summary().bytes())
                .description("Bytes of all workspace files").baseUnit("bytes").register(registry);
    }

    private Gauge.Builder<SandboxService> gauge(String name, String description, ToDoubleFunction<SandboxService> f) {
        return Gauge.builder(name, sandbox, f).description(description);
    }
}
