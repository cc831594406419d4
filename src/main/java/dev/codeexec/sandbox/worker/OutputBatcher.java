package dev.codeexec.sandbox.worker;

import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.protocol.FrameCodec;
import dev.codeexec.sandbox.protocol.WorkerMessages;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Inside a worker, sends one streaming run's output to the server as {@link WorkerMessages.Output} frames:
 * coalesced every {@value #FLUSH_MILLIS} ms, or at once when a stream has {@value #CHUNK_BYTES} bytes pending,
 * so a chatty guest costs a bounded frame rate and a flood is paced by the pipe rather than buffered. Closing
 * flushes what is left; the final reply, written after, therefore follows every chunk.
 *
 * <p>A run that does not stream is recorded instead: the first {@code recordBytes} of each stream go to the server
 * on the timer only, so that what it printed outlives a worker that dies under it (out of memory, killed past its
 * deadline); the reply carries the output of a run that ends, so a run shorter than the timer sends no frame, and
 * what is pending at the close is dropped.
 *
 * <p>The timer starts at the first write, on the ticks it would have had from the run's start: a run that writes
 * nothing (most) schedules nothing, so it costs the worker's timer thread no wake-up at its start and end.
 */
public final class OutputBatcher implements RunHooks.Output, AutoCloseable {

    public static final int CHUNK_BYTES = 64 << 10;
    static final long FLUSH_MILLIS = 200;

    private final long id;
    private final FrameCodec codec;
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final ScheduledExecutorService scheduler;
    private final long startNanos = System.nanoTime();
    /** Null until the first write. */
    private ScheduledFuture<?> timer;
    /** 0 to stream everything; else the bytes of each stream recorded (see the class comment). */
    private final int recordBytes;
    private final long[] taken = new long[2];
    private boolean closed;

    OutputBatcher(long id, FrameCodec codec, ScheduledExecutorService scheduler, int recordBytes) {
        this.id = id;
        this.codec = codec;
        this.recordBytes = recordBytes;
        this.scheduler = scheduler;
    }

    @Override
    public synchronized void write(boolean toStderr, byte[] bytes, int offset, int length) {
        if (timer == null && length > 0 && !closed) {
            long period = TimeUnit.MILLISECONDS.toNanos(FLUSH_MILLIS);
            long first = period - (System.nanoTime() - startNanos) % period;
            timer = scheduler.scheduleWithFixedDelay(this::flush, first, period, TimeUnit.NANOSECONDS);
        }
        ByteArrayOutputStream pending = toStderr ? stderr : stdout;
        if (recordBytes > 0) {
            int stream = toStderr ? 1 : 0;
            int n = (int) Math.min(length, recordBytes - taken[stream]);
            if (n > 0 && !closed) {
                pending.write(bytes, offset, n);
                taken[stream] += n;
            }
            return;
        }
        while (length > 0 && !closed) {
            int n = Math.min(length, CHUNK_BYTES - pending.size());
            pending.write(bytes, offset, n);
            offset += n;
            length -= n;
            if (pending.size() >= CHUNK_BYTES) {
                send(toStderr, pending);
            }
        }
    }

    synchronized void flush() {
        send(false, stdout);
        send(true, stderr);
    }

    private void send(boolean toStderr, ByteArrayOutputStream pending) {
        if (closed || pending.size() == 0) {
            return;
        }
        byte[] data = pending.toByteArray();
        pending.reset();
        try {
            codec.write(new WorkerMessages.FromWorker(null, null, new WorkerMessages.Output(id, toStderr, data)));
        } catch (IOException e) {
            // The server is gone; the worker exits when it reads the closed channel.
            closed = true;
        }
    }

    /**
     * Sends what is pending (a recording drops it: the reply carries the output) and stops: output written later (by
     * a guest that ignored cancellation) is dropped.
     */
    @Override
    public synchronized void close() {
        if (timer != null) {
            timer.cancel(false);
        }
        if (recordBytes == 0) {
            flush();
        }
        closed = true;
    }
}
