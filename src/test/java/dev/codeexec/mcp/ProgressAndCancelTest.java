package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Progress and cancellation of synchronous execute_code calls, driven by the official MCP Java SDK client over
 * streamable HTTP. That client cannot send notifications/cancelled itself, so the test sends it on the same
 * transport with the id the client gave its request.
 */
@QuarkusTest
class ProgressAndCancelTest {

    @TestHTTPResource("/")
    URI root;

    /** The SDK's transport, remembering the id of the last tools/call it sent. */
    static final class RecordingTransport implements McpClientTransport {
        final McpClientTransport delegate;
        final CompletableFuture<Object> callId = new CompletableFuture<>();

        RecordingTransport(McpClientTransport delegate) {
            this.delegate = delegate;
        }

        @Override
        public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
            return delegate.connect(handler);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return delegate.closeGracefully();
        }

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            if (message instanceof McpSchema.JSONRPCRequest r && r.method().equals("tools/call")) {
                callId.complete(r.id());
            }
            return delegate.sendMessage(message);
        }

        @Override
        public List<String> protocolVersions() {
            return delegate.protocolVersions();
        }

        @Override
        public void setExceptionHandler(java.util.function.Consumer<Throwable> handler) {
            delegate.setExceptionHandler(handler);
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return delegate.unmarshalFrom(data, type);
        }
    }

    private RecordingTransport transport() {
        String base = root.getScheme() + "://" + root.getRawAuthority();
        return new RecordingTransport(HttpClientStreamableHttpTransport.builder(base).endpoint("/mcp")
                .jsonMapper(new JacksonMcpJsonMapper(JsonMapper.builder().build())).build());
    }

    private McpSyncClient client(McpClientTransport transport, List<McpSchema.ProgressNotification> progress,
            CompletableFuture<String> sawLine, String line) {
        McpSyncClient client = McpClient.sync(transport).requestTimeout(Duration.ofMinutes(3))
                .initializationTimeout(Duration.ofMinutes(1))
                .progressConsumer(p -> {
                    progress.add(p);
                    if (p.message() != null && p.message().contains(line)) {
                        sawLine.complete(p.message());
                    }
                }).build();
        client.initialize();
        return client;
    }

    @Test
    void aLongCallHearsProgressWithElapsedTimeBytesAndTheLastLine() {
        SandboxWarm.awaitReady();
        List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(transport(), progress, new CompletableFuture<>(), "-")) {
            McpSchema.CallToolResult result = client.callTool(McpSchema.CallToolRequest.builder().name("execute_code")
                    .arguments(Map.of("code", "import time\nfor i in range(12):\n    print('tick', i, flush=True)\n"
                            + "    time.sleep(0.2)", "timeout_s", 60))
                    .progressToken("long-run").build());
            assertFalse(Boolean.TRUE.equals(result.isError()));
            assertTrue(progress.size() >= 3, "progress notifications: " + progress.size());
            double last = -1;
            for (McpSchema.ProgressNotification p : progress) {
                assertEquals("long-run", p.progressToken());
                assertTrue(p.progress() > last, "progress must increase: " + progress);
                last = p.progress();
                assertTrue(p.message().matches("[0-9.]+ s, [0-9]+ bytes of output.*"), p.message());
            }
            assertTrue(progress.getLast().message().contains("last line: tick "), progress.getLast().message());
        }
    }

    /**
     * A progress bar redrawn with '\r' (as tqdm draws one on stderr) is reported as it stands: its line never ends,
     * and every notification repeated its first 200 bytes, the bar at 0%.
     */
    @Test
    void theLastLineOfABarRedrawnWithCarriageReturnsIsItsLatestState() {
        SandboxWarm.awaitReady();
        List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(transport(), progress, new CompletableFuture<>(), "-")) {
            client.callTool(McpSchema.CallToolRequest.builder().name("execute_code")
                    .arguments(Map.of("code", "import sys, time\nfor i in range(1, 41):\n"
                            + "    sys.stderr.write(f'\\rstep {i} of 40')\n    sys.stderr.flush()\ntime.sleep(60)",
                            "timeout_s", 3))
                    .progressToken("bar").build());
            assertTrue(progress.getLast().message().endsWith("; last line: step 40 of 40"),
                    progress.getLast().message());
        }
    }

    /**
     * A call that asked for progress has its output streamed from the worker; when the worker died under the run
     * (out of memory) the answer had none of it, where a call without a progressToken kept what was printed.
     */
    @Test
    void aWatchedRunWhoseWorkerDiesAnswersWithWhatItPrinted() {
        SandboxWarm.awaitReady();
        try (McpSyncClient client = client(transport(), new CopyOnWriteArrayList<>(), new CompletableFuture<>(), "-")) {
            McpSchema.CallToolResult result = client.callTool(McpSchema.CallToolRequest.builder().name("execute_code")
                    .arguments(Map.of("code", """
                            import time
                            print('before the bomb', flush=True)
                            start = time.monotonic()
                            while time.monotonic() - start < 1:
                                pass
                            chunks = []
                            while True:
                                chunks.append(bytearray(64 * 1024 * 1024))""", "timeout_s", 60))
                    .progressToken("bomb").build());
            Map<?, ?> answer = (Map<?, ?>) result.structuredContent();
            assertEquals(137, ((Number) answer.get("exit_code")).intValue(), String.valueOf(answer.get("stderr")));
            assertEquals("before the bomb\n", answer.get("stdout"), String.valueOf(answer.get("stderr")));
        }
    }

    @Test
    void notificationsCancelledStopsTheRunAndTheNextCallWorks() throws Exception {
        SandboxWarm.awaitReady();
        long cancelledBefore = cancelledExecutions();
        RecordingTransport transport = transport();
        CompletableFuture<String> started = new CompletableFuture<>();
        List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
        try (McpSyncClient client = client(transport, progress, started, "spinning")) {
            // A thread of its own: on 2 cores the common pool has one thread, which the SDK's HTTP client needs.
            Thread.ofPlatform().daemon().start(() -> client.callTool(McpSchema.CallToolRequest.builder().name("execute_code")
                    .arguments(Map.of("code", "print('spinning', flush=True)\nwhile True:\n    pass", "timeout_s", 120))
                    .progressToken("to-cancel").build()));

            // The guest has printed, so it runs: a progress message carries its last line.
            try {
                started.get(1, TimeUnit.MINUTES);
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("no progress naming the printed line; progress: " + progress, e);
            }
            transport.sendMessage(new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION,
                    "notifications/cancelled", Map.of("requestId", transport.callId.get(), "reason", "test"))).block();
            // Soft cancellation stops a busy loop at once; the bound allows the cancel grace, the kill after it
            // and a loaded machine.
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30))
                    .until(() -> cancelledExecutions() > cancelledBefore);
            McpSchema.CallToolResult next = client.callTool(McpSchema.CallToolRequest.builder().name("execute_code")
                    .arguments(Map.of("code", "print('next')")).build());
            assertEquals("next\n", ((Map<?, ?>) next.structuredContent()).get("stdout"));
        }
    }

    private static long cancelledExecutions() {
        return RestAssured.given().get("/api/v1/stats").then().statusCode(200).extract().jsonPath()
                .getLong("executions.cancelled");
    }
}
