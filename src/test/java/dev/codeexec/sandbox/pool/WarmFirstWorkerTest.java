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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A real worker started as the quick worker's successor runs every warm-up round before it reports ready, and then
 * serves (mutation-checked: with the worker ignoring its warm-first argument, it reports ready after none).
 */
@Execution(ExecutionMode.CONCURRENT)
class WarmFirstWorkerTest {

    private static final Duration PATIENCE = Duration.ofMinutes(2);
    private static final int ROUNDS = 1;

    @TempDir
    Path dir;

    @Test
    void aSuccessorRunsItsWarmUpRoundsBeforeItIsReady() throws Exception {
        Path root = Files.createDirectories(dir.resolve("workspace"));
        WorkerLauncher launcher = TestLaunchers.c1(dir, root, PATIENCE, ROUNDS, 1);
        HostCalls host = (owner, service, method, args) -> "{\"error\":\"no host in this test\",\"kind\":\"failed\"}";
        WorkerProcess worker = TestLaunchers.start(launcher, root, WorkerStart.WARM_FIRST, host);
        try {
            assertEquals(ROUNDS, worker.awaitReady(PATIENCE), "warm-up rounds completed before the worker was ready");
            WorkerMessages.Reply reply = worker.execute(new ExecutionRequest("print(6 * 7)", "", Duration.ofSeconds(60),
                    "caller", null, ExecutionRequest.Reuse.FRESH, RunHooks.none(), null, null), List.of(), PATIENCE,
                    PATIENCE, PATIENCE, WorkerProcessProtocolTest.NO_OVERRUN, new RecordedOutput(0));
            assertEquals("42\n", reply.result().stdout(), reply.result().stderr());
        } finally {
            worker.kill();
        }
    }
}
