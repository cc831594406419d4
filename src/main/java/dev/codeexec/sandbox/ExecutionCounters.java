package dev.codeexec.sandbox;

import java.util.concurrent.atomic.LongAdder;

/**
 * Running totals and a latency window of finished executions; cheap enough to read on every stats call.
 */
final class ExecutionCounters {

    private static final int WINDOW = 2048;

    private final LongAdder total = new LongAdder();
    private final LongAdder succeeded = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder timedOut = new LongAdder();
    private final LongAdder killed = new LongAdder();
    private final LongAdder cancelled = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LatencyWindow latencies = new LatencyWindow(WINDOW);

    void record(ExecutionResult result) {
        total.increment();
        switch (Outcome.of(result)) {
            case TIMED_OUT -> timedOut.increment();
            case KILLED -> killed.increment();
            case SUCCEEDED -> succeeded.increment();
            case FAILED -> failed.increment();
            case CANCELLED -> cancelled.increment();
        }
        latencies.record(result.durationMs());
    }

    void reject() {
        rejected.increment();
    }

    ExecutionStats snapshot(int running, int queued) {
        Timing t = latencies.timing();
        return new ExecutionStats(total.sum(), succeeded.sum(), failed.sum(), timedOut.sum(), killed.sum(),
                cancelled.sum(), rejected.sum(), running, queued, t.p50Ms(), t.p95Ms(), t.p99Ms(), t.maxMs());
    }
}
