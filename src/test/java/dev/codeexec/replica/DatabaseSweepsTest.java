package dev.codeexec.replica;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class DatabaseSweepsTest {

    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final AtomicBoolean interrupted = new AtomicBoolean();

    /** A sweep that holds its "statement" until the test releases it, noting an interrupt if it gets one. */
    private void heldSweep() {
        entered.countDown();
        try {
            release.await();
        } catch (InterruptedException e) {
            interrupted.set(true);
        }
        finished.countDown();
    }

    @Test
    void stoppingLetsASweepUnderWayFinishUninterrupted() throws Exception {
        DatabaseSweeps sweeps = new DatabaseSweeps("test-sweep");
        sweeps.start(this::heldSweep, Duration.ofHours(1));
        assertTrue(entered.await(30, TimeUnit.SECONDS));

        CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> sweeps.stop(Duration.ofMinutes(5)));
        await().atMost(Duration.ofSeconds(30)).until(sweeps::stopping);
        release.countDown();
        stopped.get(30, TimeUnit.SECONDS);

        assertTrue(finished.await(30, TimeUnit.SECONDS));
        assertFalse(interrupted.get(), "the sweep under way was interrupted by the stop");
    }

    @Test
    void aSweepThatOutlastsTheGraceIsInterrupted() throws Exception {
        DatabaseSweeps sweeps = new DatabaseSweeps("test-sweep");
        sweeps.start(this::heldSweep, Duration.ofHours(1));
        assertTrue(entered.await(30, TimeUnit.SECONDS));

        sweeps.stop(Duration.ofMillis(1));

        assertTrue(finished.await(30, TimeUnit.SECONDS));
        assertTrue(interrupted.get(), "a sweep past the grace is interrupted, so a stop never waits for ever");
    }
}
