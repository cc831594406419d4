package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ReadyWarmupTest {

    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private static ExecutionResult exit(int code) {
        return new ExecutionResult("", "", code, 1, false, false);
    }

    /** Every program ends as the sandbox makes it end. */
    private static final Function<ReadyWarmup.Program, ExecutionResult> SANDBOX = p -> exit(p.exitCode());

    @Test
    void runsEveryRunOnceThePoolIsUpAndIsThenDone() throws InterruptedException {
        List<String> ran = new CopyOnWriteArrayList<>();
        ReadyWarmup warmup = new ReadyWarmup(12, 2);
        assertFalse(warmup.done(), "not done before it ran");
        warmup.start(() -> true, PATIENCE, PATIENCE, p -> {
            ran.add(p.code());
            return SANDBOX.apply(p);
        });
        assertTrue(warmup.awaitDone(PATIENCE));
        assertEquals(12, ran.size());
        assertEquals(12, warmup.completed());
        // Every kind of program, the raising one among them.
        assertEquals(ReadyWarmup.PROGRAMS.size(), ran.stream().distinct().count());
    }

    @Test
    void aCallerBeforeThePoolIsUpMeetsNoWarmupRun() throws InterruptedException {
        AtomicBoolean up = new AtomicBoolean();
        List<String> ran = new CopyOnWriteArrayList<>();
        ReadyWarmup warmup = new ReadyWarmup(12, 2);
        warmup.start(up::get, PATIENCE, PATIENCE, p -> {
            ran.add(p.code());
            return SANDBOX.apply(p);
        });
        warmup.callerCame();
        up.set(true);
        assertTrue(warmup.awaitDone(PATIENCE));
        assertEquals(List.of(), ran);
    }

    @Test
    void aCallerStopsTheRunsStillToCome() throws InterruptedException {
        CountDownLatch second = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ReadyWarmup warmup = new ReadyWarmup(100, 1);
        warmup.start(() -> true, PATIENCE, PATIENCE, p -> {
            if (second.getCount() == 0) {
                await(release);
            }
            second.countDown();
            return SANDBOX.apply(p);
        });
        await(second);
        warmup.callerCame();
        release.countDown();
        assertTrue(warmup.awaitDone(PATIENCE));
        assertTrue(warmup.completed() <= 2, "ran on after the caller came: " + warmup.completed());
    }

    @Test
    void aRunThatEndsOtherwiseThanDueEndsTheWarmup() throws InterruptedException {
        ReadyWarmup warmup = new ReadyWarmup(20, 1);
        // The sandbox broke: every run fails as a raise does.
        warmup.start(() -> true, PATIENCE, PATIENCE, p -> exit(1));
        assertTrue(warmup.awaitDone(PATIENCE));
        assertEquals(0, warmup.completed());
    }

    @Test
    void aRefusedRunEndsTheWarmup() throws InterruptedException {
        ReadyWarmup warmup = new ReadyWarmup(20, 2);
        warmup.start(() -> true, PATIENCE, PATIENCE, p -> {
            throw new SandboxBusyException(2, 0);
        });
        assertTrue(warmup.awaitDone(PATIENCE));
        assertEquals(0, warmup.completed());
    }

    @Test
    void noRunStartsPastThePatience() throws InterruptedException {
        List<String> ran = new CopyOnWriteArrayList<>();
        ReadyWarmup warmup = new ReadyWarmup(12, 2);
        warmup.start(() -> true, PATIENCE, Duration.ZERO, p -> {
            ran.add(p.code());
            return SANDBOX.apply(p);
        });
        assertTrue(warmup.awaitDone(PATIENCE));
        assertEquals(List.of(), ran);
    }

    @Test
    void noRunsIsDoneAtOnceAndNegativeIsRefusedByName() {
        assertTrue(new ReadyWarmup(0, 2).done());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ReadyWarmup(-1, 2));
        assertTrue(e.getMessage().contains("sandbox.ready-warmup-runs"), e.getMessage());
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(PATIENCE.toSeconds(), java.util.concurrent.TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
