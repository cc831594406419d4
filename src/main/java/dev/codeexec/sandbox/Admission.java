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

    /** A held execution slot; closing it lets the next caller in. */
    interface Slot extends AutoCloseable {
        @Override
        void close();
    }

    /** A place taken at once: a slot, or a place in the queue; {@link #await} then waits for the slot. */
    final class Ticket {
        private final boolean holdsSlot;
        private boolean used;

        private Ticket(boolean holdsSlot) {
            this.holdsSlot = holdsSlot;
        }

        /**
         * Waits for a slot for at most {@code patience}; call once.
         *
         * @throws SandboxBusyException when no slot came free in time
         */
        Slot await(Duration patience) {
            if (used) {
                throw new IllegalStateException("ticket already used");
            }
            used = true;
            if (holdsSlot) {
                return running::release;
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
            return running::release;
        }

        /** Gives the place back unused; call instead of {@link #await}. */
        void abandon() {
            if (used) {
                throw new IllegalStateException("ticket already used");
            }
            used = true;
            if (holdsSlot) {
                running.release();
            } else {
                waiting.decrementAndGet();
            }
        }
    }

    /**
     * Takes a slot or a place in the queue without waiting.
     *
     * @throws SandboxBusyException when the queue is full
     */
    Ticket enter() {
        if (running.tryAcquire()) {
            return new Ticket(true);
        }
        if (waiting.incrementAndGet() > queueSize) {
            waiting.decrementAndGet();
            throw new SandboxBusyException(running(), queued());
        }
        return new Ticket(false);
    }

    int running() {
        return slots - running.availablePermits();
    }

    int queued() {
        return waiting.get();
    }
}
