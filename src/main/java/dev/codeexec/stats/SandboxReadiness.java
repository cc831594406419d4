package dev.codeexec.stats;

import dev.codeexec.sandbox.SandboxService;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the sandbox is warmed: before that an execution would wait for engines and workers to start. */
@Readiness
@ApplicationScoped
public class SandboxReadiness implements HealthCheck {

    private final SandboxService sandbox;

    public SandboxReadiness(SandboxService sandbox) {
        this.sandbox = sandbox;
    }

    @Override
    public HealthCheckResponse call() {
        var state = sandbox.state();
        return HealthCheckResponse.named("sandbox")
                .status(sandbox.ready())
                .withData("isolation", sandbox.settings().isolation().name().toLowerCase())
                .withData("os_sandbox", sandbox.osSandbox())
                .withData("workers_idle", state == null ? 0 : state.workersIdle())
                .withData("running", sandbox.stats().running())
                .build();
    }
}
