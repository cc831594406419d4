package dev.codeexec.http;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Notices that the HTTP client of a request has gone (its connection closed before the answer was written) and
 * stops what the request waited for (its synchronous run, or its long-poll's place): a client that timed out or was
 * killed must not leave runs holding its tenant's slots, with its next calls waiting behind them. Polled, because
 * Vert.x gives a connection one close handler, which the transports own.
 */
@Singleton
public class ClientDeparture {

    private static final Logger LOG = Logger.getLogger(ClientDeparture.class.getName());
    /** How soon a departure takes effect; a check reads one field. */
    private static final long POLL_MILLIS = 200;

    /** Stops watching; the answer is being written. */
    public interface Watch extends AutoCloseable {
        @Override
        void close();
    }

    private final CurrentVertxRequest request;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("client-departure").factory());

    public ClientDeparture(CurrentVertxRequest request) {
        this.request = request;
    }

    /**
     * Calls {@code cancel} once if the current request's client disconnects before the watch is closed. Call it on
     * the request's thread; outside an HTTP request (stdio, whose client leaving ends the server) it watches nothing.
     */
    public Watch cancelWhenGone(Runnable cancel) {
        RoutingContext ctx = request.getCurrent();
        if (ctx == null) {
            return () -> { };
        }
        HttpServerResponse response = ctx.response();
        ScheduledFuture<?>[] check = new ScheduledFuture<?>[1];
        check[0] = timer.scheduleWithFixedDelay(() -> {
            if (response.closed() && !response.ended()) {
                LOG.log(Level.INFO, "the client disconnected before its answer; what it waited for is stopped");
                cancel.run();
                check[0].cancel(false);
            }
        }, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
        return () -> check[0].cancel(false);
    }

    @PreDestroy
    void stop() {
        timer.shutdownNow();
    }
}
