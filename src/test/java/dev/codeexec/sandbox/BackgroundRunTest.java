package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** What ends a long-poll on a background run (get_execution with wait_s): output past the offsets, or the end. */
class BackgroundRunTest {

    private static BackgroundRun queued() {
        return new BackgroundRun("run-1", "owner", 4096, false, result -> { });
    }

    @Test
    void aQueuedRunStartingDoesNotEndALongPoll() {
        BackgroundRun run = queued();
        CompletableFuture<Void> poll = run.nextOutput(0, 0);
        run.hooks().started();
        assertFalse(poll.isDone(), "the poll came back at the start, with no output");
        byte[] line = "first line\n".getBytes(StandardCharsets.UTF_8);
        run.hooks().output(true, line, 0, line.length);
        assertTrue(poll.isDone(), "output on either stream ends the wait");
    }

    @Test
    void theRunEndingEndsALongPollWithoutOutput() {
        BackgroundRun run = queued();
        run.hooks().started();
        CompletableFuture<Void> poll = run.nextOutput(0, 0);
        assertFalse(poll.isDone());
        run.finish(new ExecutionResult("", "", 0, 1, false, false));
        assertTrue(poll.isDone());
        assertTrue(run.nextOutput(0, 0).isDone(), "a finished run answers at once");
    }
}
