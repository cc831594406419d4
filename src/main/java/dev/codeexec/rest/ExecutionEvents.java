package dev.codeexec.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.codeexec.sandbox.ExecutionRuns;
import dev.codeexec.sandbox.ExecutionView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A background run as Server-Sent Events: {@code status} first (queued, running, finished) and when it changes,
 * {@code output} for each new piece of a stream in order ({@code stream}, {@code offset}, {@code text},
 * {@code dropped}), then one {@code result} (the run's final view, without output) before the stream closes;
 * {@code heartbeat} while nothing happens, so proxies keep the connection open. Each stream runs on a virtual
 * thread of its own.
 */
@ApplicationScoped
public class ExecutionEvents {

    private static final Logger LOG = Logger.getLogger(ExecutionEvents.class.getName());
    static final Duration HEARTBEAT = Duration.ofSeconds(15);

    private final ObjectMapper json;

    public ExecutionEvents(ObjectMapper json) {
        this.json = json;
    }

    void stream(ExecutionRuns.Watch run, SseEventSink sink, Sse sse) {
        // The first event goes out on the request's thread, before the resource method returns: RESTEasy then
        // writes the response head unless an event has, and a stream thread writing it at the same moment failed
        // under HTTP/2 (an h2c client got an empty stream and the server "Response has already been written").
        String status;
        try {
            status = run.status();
            event(sink, sse, "status", Map.of("status", status));
        } catch (CompletionException | IllegalStateException e) {
            LOG.log(Level.FINE, "execution events stream ended: {0}", e.getClass().getSimpleName());
            sink.close();
            run.close();
            return;
        }
        Thread.ofVirtual().name("execution-events").start(() -> {
            try (sink; run) {
                send(run, sink, sse, status);
            } catch (CompletionException | IllegalStateException e) {
                // The client went away.
                LOG.log(Level.FINE, "execution events stream ended: {0}", e.getClass().getSimpleName());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    private void send(ExecutionRuns.Watch run, SseEventSink sink, Sse sse, String firstStatus)
            throws InterruptedException {
        long stdout = 0;
        long stderr = 0;
        String status = firstStatus;
        while (!sink.isClosed()) {
            ExecutionView now = run.view(stdout, stderr);
            if (!now.finished() && !now.status().equals(status)) {
                event(sink, sse, "status", Map.of("status", now.status()));
            }
            status = now.status();
            if (!now.stdout().isEmpty()) {
                event(sink, sse, "output", output("stdout", stdout, now.stdout(), now.dropped()));
            }
            if (!now.stderr().isEmpty()) {
                event(sink, sse, "output", output("stderr", stderr, now.stderr(), now.dropped()));
            }
            boolean moved = now.nextStdoutOffset() != stdout || now.nextStderrOffset() != stderr;
            stdout = now.nextStdoutOffset();
            stderr = now.nextStderrOffset();
            if (now.hasMore() || (moved && !now.finished())) {
                continue;
            }
            if (now.finished()) {
                event(sink, sse, "result", run.view(stdout, stderr));
                return;
            }
            run.awaitChange(stdout, stderr, status, HEARTBEAT);
            ExecutionView after = run.view(stdout, stderr);
            if (after.status().equals(status) && after.nextStdoutOffset() == stdout
                    && after.nextStderrOffset() == stderr) {
                event(sink, sse, "heartbeat", Map.of());
            }
        }
    }

    private static Map<String, Object> output(String stream, long offset, String text, boolean dropped) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("stream", stream);
        data.put("offset", offset);
        data.put("text", text);
        data.put("dropped", dropped);
        return data;
    }

    private void event(SseEventSink sink, Sse sse, String name, Object data) {
        String text;
        try {
            text = json.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("event is not serializable: " + name, e);
        }
        // Waiting for each send keeps events in order and paces the stream to the client.
        sink.send(sse.newEventBuilder().name(name).mediaType(jakarta.ws.rs.core.MediaType.APPLICATION_JSON_TYPE)
                .data(String.class, text).build()).toCompletableFuture().join();
    }
}
