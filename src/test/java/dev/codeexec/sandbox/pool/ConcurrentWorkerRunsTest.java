package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.codeexec.sandbox.ExecutionRequest;
import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.engine.HostCalls;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A real worker process runs two executions at once, each answered on the bridge for its own caller. The first can
 * print "beside" only by seeing a file the test writes once the second has finished, so only if the second ran while
 * the first was running (a worker serving one execution at a time makes the first give up after 30 s: "alone").
 */
@Execution(ExecutionMode.CONCURRENT)
class ConcurrentWorkerRunsTest {

    static final Duration PATIENCE = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @Test
    void aWorkerRunsTwoExecutionsAtOnceEachBridgedForItsOwnCaller() throws Exception {
        Path root = Files.createDirectories(dir.resolve("workspace"));
        // Two runs at once, no warm-up rounds.
        WorkerLauncher launcher = TestLaunchers.c1(dir, root, PATIENCE, 0, 2);
        HostCalls host = (owner, service, method, args) -> "{\"result\":\"" + owner + "\"}";
        WorkerProcess worker = TestLaunchers.start(launcher, root, WorkerStart.SERVE_FIRST, host);
        try {
            worker.awaitReady(PATIENCE);
            CompletableFuture<Void> firstStarted = new CompletableFuture<>();
            String awaitFlag = "import _codeexec_bridge as b, os, time\nprint(b.call('echo', 'echo'))\n"
                    + "deadline = time.monotonic() + 30\n"
                    + "while not os.path.exists('flag') and time.monotonic() < deadline:\n    time.sleep(0.01)\n"
                    + "print('beside' if os.path.exists('flag') else 'alone')";
            CompletableFuture<WorkerMessages.Reply> first = new CompletableFuture<>();
            Thread.ofPlatform().daemon().start(() -> {
                try {
                    first.complete(worker.execute(request(awaitFlag, "alice",
                            new RunHooks(null, () -> firstStarted.complete(null))), List.of(), PATIENCE, PATIENCE,
                            PATIENCE, WorkerProcessProtocolTest.NO_OVERRUN, new RecordedOutput(0)));
                } catch (Exception e) {
                    first.completeExceptionally(e);
                }
            });
            firstStarted.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            WorkerMessages.Reply second = worker.execute(request("import _codeexec_bridge as b\n"
                    + "print(b.call('echo', 'echo'))", "bob", RunHooks.none()), List.of(), PATIENCE, PATIENCE, PATIENCE,
                    WorkerProcessProtocolTest.NO_OVERRUN, new RecordedOutput(0));
            Files.createFile(root.resolve("flag"));
            assertEquals("bob\n", second.result().stdout(), second.result().stderr());
            WorkerMessages.Reply firstReply = first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            assertEquals("alice\nbeside\n", firstReply.result().stdout(), firstReply.result().stderr());
        } finally {
            worker.kill();
        }
    }

    private static ExecutionRequest request(String code, String owner, RunHooks hooks) {
        return new ExecutionRequest(code, "", Duration.ofSeconds(60), owner, null, ExecutionRequest.Reuse.FRESH,
                hooks, null, null);
    }
}
