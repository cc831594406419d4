package dev.codeexec.db;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds database work back until Quarkus has migrated the schema (Flyway) and started Hibernate. MCP over stdio
 * answers requests while the server is still starting, so a call that reaches the database then would make Hibernate
 * build its persistence unit a second time beside Quarkus's own start: a {@code get_execution_stats} sent during a
 * slow first migration failed, and the server's start with it ("RecordedState ... is null"). Both run at runtime
 * init, before the first {@link StartupEvent} observer, which opens the gate.
 */
@ApplicationScoped
public class StartupGate {

    /** Far beyond any start of ours; a server that never starts exits instead, and a caller waits no longer. */
    static final Duration WAIT = Duration.ofMinutes(2);

    private final CountDownLatch open = new CountDownLatch(1);
    private final Duration wait;

    StartupGate() {
        this(WAIT);
    }

    StartupGate(Duration wait) {
        this.wait = wait;
    }

    void open(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE - 1) StartupEvent event) {
        open();
    }

    void open() {
        open.countDown();
    }

    /** Returns once the database may be used; a caller that waited {@link #WAIT} is refused. */
    void await() {
        try {
            if (!open.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the database is not open yet: the server has been starting for "
                        + wait.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the server was starting", e);
        }
    }
}
