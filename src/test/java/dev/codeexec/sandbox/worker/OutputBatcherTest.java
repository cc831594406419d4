package dev.codeexec.sandbox.worker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.protocol.FrameCodec;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** When a run's output goes to the server, without a worker (streaming over MCP: ProgressAndCancelTest). */
class OutputBatcherTest {

    /** Remembers the first delay of every timer it is asked for. */
    private static final class Timers extends ScheduledThreadPoolExecutor {
        final List<Long> firstDelaysNanos = new ArrayList<>();

        Timers() {
            super(1);
        }

        @Override
        public synchronized ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay,
                TimeUnit unit) {
            firstDelaysNanos.add(unit.toNanos(initialDelay));
            return super.scheduleWithFixedDelay(command, initialDelay, delay, unit);
        }

        synchronized List<Long> delays() {
            return List.copyOf(firstDelaysNanos);
        }
    }

    private final Timers timers = new Timers();
    private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
    private final FrameCodec codec = new FrameCodec(InputStream.nullInputStream(), sent, Integer.MAX_VALUE);

    @AfterEach
    void stop() {
        timers.shutdownNow();
    }

    @Test
    void aRunThatWritesNothingSchedulesNoTimer() {
        new OutputBatcher(1, codec, timers, 0).close();
        new OutputBatcher(2, codec, timers, 100).close();
        assertEquals(List.of(), timers.delays());
        assertEquals(0, sent.size(), "nothing to send");
    }

    /** The first write starts the timer on the ticks it had from the run's start, not a full period later. */
    @Test
    void theFirstWriteStartsTheTimerOnTheRunsTicks() throws InterruptedException {
        OutputBatcher batcher = new OutputBatcher(3, codec, timers, 0);
        long created = System.nanoTime();
        Thread.sleep(60);
        // At least this long after the run's start: its first tick is at most a period less this away.
        long sinceCreated = System.nanoTime() - created;
        batcher.write(false, bytes("a"), 0, 1);
        batcher.write(false, bytes("b"), 0, 1);
        batcher.close();
        List<Long> delays = timers.delays();
        assertEquals(1, delays.size(), "one timer per run: " + delays);
        long period = TimeUnit.MILLISECONDS.toNanos(OutputBatcher.FLUSH_MILLIS);
        assertTrue(delays.get(0) > 0 && delays.get(0) <= period - sinceCreated,
                delays + " after " + sinceCreated + " ns");
    }

    @Test
    void streamedOutputGoesOnTheTimerWhileTheRunGoes() throws Exception {
        OutputBatcher batcher = new OutputBatcher(4, codec, timers, 0);
        batcher.write(true, bytes("partial"), 0, 7);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (frames().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        batcher.close();
        List<WorkerMessages.Output> frames = frames();
        assertEquals(1, frames.size());
        assertEquals(4, frames.get(0).id());
        assertTrue(frames.get(0).stderr());
        assertArrayEquals(bytes("partial"), frames.get(0).data());
    }

    /** A recording outlives a worker that dies: sent on the timer; what is pending at the close is the reply's. */
    @Test
    void aRecordingGoesOnTheTimerAndIsDroppedAtTheClose() throws Exception {
        OutputBatcher recorded = new OutputBatcher(5, codec, timers, 4);
        recorded.write(false, bytes("abcdef"), 0, 6);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (frames().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        recorded.close();
        assertArrayEquals(bytes("abcd"), frames().get(0).data(), "the first recordBytes only");

        sent.reset();
        OutputBatcher dropped = new OutputBatcher(6, codec, timers, 4);
        dropped.write(false, bytes("ab"), 0, 2);
        dropped.close();
        assertEquals(0, sent.size(), "a run that ends has its output in the reply");
    }

    private List<WorkerMessages.Output> frames() throws IOException {
        // Complete frames only: the timer's thread may be writing one.
        byte[] bytes = sent.toByteArray();
        FrameCodec reader = new FrameCodec(new ByteArrayInputStream(bytes), OutputStream.nullOutputStream(),
                Integer.MAX_VALUE);
        List<WorkerMessages.Output> frames = new ArrayList<>();
        try {
            while (true) {
                frames.add(reader.read(WorkerMessages.FromWorker.class).output());
            }
        } catch (EOFException e) {
            return frames;
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
