package dev.codeexec.sandbox;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Short programs of the kind agents send (a print, JSON, regular expressions, one that raises), run through the whole
 * execution path before the server reports ready. Both JVMs compile their request paths only as calls go through
 * them: eight new agents starting at readiness ran at 0.6x python3 in their first 200 calls and 2x in the next 200,
 * and a load balancer routes to a replica the moment it is ready (docs/benchmarks.md, fifty-third session).
 *
 * <p>The runs are nobody's: the service records them in no figure and no log. They stop as soon as a caller's run
 * comes, which then has the cores (readiness means nothing to a client already calling), and readiness never waits
 * for them past a failure.
 */
final class ReadyWarmup {

    private static final Logger LOG = Logger.getLogger(ReadyWarmup.class.getName());
    private static final long POLL_NANOS = 10_000_000;
    /**
     * Each run's timeout. The runs take milliseconds, but they run in the tenant's workspace, where a module the tenant
     * planted could make them slow: a run past this ends the warm-up, as a failure does (docs/THREAT_MODEL.md, T4e).
     */
    static final int RUN_TIMEOUT_S = 10;
    /** How long runs keep starting once the first worker serves: 1.5 s quiet, 5-10 s on a loaded machine. */
    static final Duration RUNS_PATIENCE = Duration.ofSeconds(20);

    /** A program and the exit code it ends with when the sandbox works. */
    record Program(String code, int exitCode) {
    }

    static final List<Program> PROGRAMS = List.of(
            new Program("print(1 + 1)", 0),
            new Program("""
                    import json
                    rows = [{"id": i, "tags": ["a", "b"][: i % 3], "score": i * 1.5} for i in range(300)]
                    text = json.dumps(rows)
                    print(len(json.loads(text)), json.dumps(rows[:2], sort_keys=True))
                    """, 0),
            new Program("""
                    import re
                    from collections import Counter
                    text = "user ann@example.com paid 12.50; user bob@test.org paid 7; " * 40
                    mails = Counter(re.findall(r"[a-z]+@[a-z]+\\.[a-z]+", text))
                    print(mails.most_common(2), round(sum(float(x) for x in re.findall(r"\\d+\\.?\\d*", text)), 2))
                    """, 0),
            new Program("""
                    def parse(value):
                        return int(value)
                    print([parse(v) for v in ["1", "2", "x"]])
                    """, 1),
            new Program("""
                    for i in range(40):
                        print(f"{i:>4} {'row' + str(i):<8} {i * 0.37:>8.2f}")
                    """, 0));

    private final int runs;
    private final int streams;
    private final CountDownLatch finished;
    private final AtomicInteger started = new AtomicInteger();
    private final AtomicInteger completed = new AtomicInteger();
    private volatile boolean stopped;

    /**
     * @param runs    how many runs in all; 0 has nothing to do and is done at once
     * @param streams how many run at once (the runs a worker takes at once exercise its concurrent paths too)
     */
    ReadyWarmup(int runs, int streams) {
        if (runs < 0) {
            throw new IllegalArgumentException("sandbox.ready-warmup-runs must not be negative, was " + runs);
        }
        this.runs = runs;
        this.streams = runs == 0 ? 0 : Math.max(1, Math.min(streams, runs));
        this.finished = new CountDownLatch(this.streams);
    }

    /**
     * Runs the warm-up on threads of its own through {@code execute} once {@code poolUp} (the first worker serves);
     * returns at once. A caller that comes before then finds no warm-up run ahead of it: none starts. It waits for the
     * pool up to {@code poolPatience}; no run starts {@code runsPatience} after the pool is up, so readiness waits at
     * most that and one run's timeout for the warm-up.
     */
    void start(BooleanSupplier poolUp, Duration poolPatience, Duration runsPatience,
            Function<Program, ExecutionResult> execute) {
        long begin = System.nanoTime();
        long deadline = begin + poolPatience.toNanos();
        for (int s = 0; s < streams; s++) {
            Thread.ofPlatform().daemon().name("ready-warmup-" + s).start(() -> {
                try {
                    // A flag the pool sets once, read every few milliseconds only while the first worker starts.
                    while (!stopped && !poolUp.getAsBoolean() && System.nanoTime() < deadline) {
                        LockSupport.parkNanos(POLL_NANOS);
                    }
                    if (poolUp.getAsBoolean()) {
                        stream(execute, System.nanoTime() + runsPatience.toNanos());
                    }
                } finally {
                    finished.countDown();
                    if (finished.getCount() == 0) {
                        LOG.log(Level.INFO, "ready warm-up: {0} of {1} runs in {2} ms{3}", new Object[] {
                            completed.get(), runs, (System.nanoTime() - begin) / 1_000_000,
                            stopped && completed.get() < runs ? " (stopped early)" : ""});
                    }
                }
            });
        }
    }

    private void stream(Function<Program, ExecutionResult> execute, long deadline) {
        for (int i; !stopped && System.nanoTime() < deadline && (i = started.getAndIncrement()) < runs; ) {
            Program program = PROGRAMS.get(i % PROGRAMS.size());
            try {
                ExecutionResult result = execute.apply(program);
                if (result.exitCode() != program.exitCode()) {
                    LOG.log(Level.WARNING, "ready warm-up stopped: a run ended with exit code {0} where {1} was due",
                            new Object[] {result.exitCode(), program.exitCode()});
                    stopped = true;
                    return;
                }
                completed.incrementAndGet();
            } catch (RuntimeException e) {
                // A pool that cannot run is reported by the runs callers send; readiness does not wait on it.
                LOG.log(Level.WARNING, "ready warm-up stopped: {0}", e.getClass().getSimpleName());
                stopped = true;
                return;
            }
        }
    }

    /** A caller's run came: it has the cores, and the server is in use, so ready. */
    void callerCame() {
        stopped = true;
    }

    /** True once no warm-up run is left running or to come. */
    boolean done() {
        return finished.getCount() == 0;
    }

    /** Waits up to {@code patience} for {@link #done}; returns it. */
    boolean awaitDone(Duration patience) throws InterruptedException {
        return finished.await(patience.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    int completed() {
        return completed.get();
    }
}
