package dev.codeexec.sandbox;

import java.util.Arrays;
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
    private final LongAdder rejected = new LongAdder();
    private final long[] latencies = new long[WINDOW];
    private long recorded;
    private long maxMillis;

    void record(ExecutionResult result) {
        total.increment();
        switch (Outcome.of(result)) {
            case TIMED_OUT -> timedOut.increment();
            case KILLED -> killed.increment();
            case SUCCEEDED -> succeeded.increment();
            case FAILED -> failed.increment();
        }
        synchronized (latencies) {
            latencies[(int) (recorded++ % WINDOW)] = result.durationMs();
            maxMillis = Math.max(maxMillis, result.durationMs());
        }
    }

    void reject() {
        rejected.increment();
    }

    ExecutionStats snapshot(int running, int queued) {
        long[] window;
        long max;
        synchronized (latencies) {
            window = Arrays.copyOf(latencies, (int) Math.min(recorded, WINDOW));
            max = maxMillis;
        }
        Arrays.sort(window);
        return new ExecutionStats(total.sum(), succeeded.sum(), failed.sum(), timedOut.sum(), killed.sum(),
                rejected.sum(), running, queued, percentile(window, 50), percentile(window, 95),
                percentile(window, 99), max);
    }

    private static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)];
    }
}
