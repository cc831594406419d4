package dev.codeexec.sandbox;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds work in front of the executor: at most {@code slots} executions run at once and at most
 * {@code queueSize} wait; anyone beyond that is refused at once rather than left hanging.
 */
final class Admission {

    private final int slots;
    private final Semaphore running;
    private final AtomicInteger waiting = new AtomicInteger();
    private final int queueSize;

    Admission(int slots, int queueSize) {
        this.slots = slots;
        this.running = new Semaphore(slots, true);
        this.queueSize = queueSize;
    }

    /**
     * Waits for a slot for at most {@code patience}.
     *
     * @throws SandboxBusyException when the queue is full, or no slot came free in time
     */
    /** A held execution slot; closing it lets the next caller in. */
    interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    Slot admit(Duration patience) {
        if (!running.tryAcquire()) {
            if (waiting.incrementAndGet() > queueSize) {
                waiting.decrementAndGet();
                throw new SandboxBusyException(running(), queued());
            }
            try {
                if (!running.tryAcquire(patience.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new SandboxBusyException(running(), queued());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SandboxBusyException(running(), queued());
            } finally {
                waiting.decrementAndGet();
            }
        }
        return running::release;
    }

    int running() {
        return slots - running.availablePermits();
    }

    int queued() {
        return waiting.get();
    }
}
