package dev.codeexec.sandbox;

import java.util.Arrays;

/** The most recent durations, in milliseconds, and the largest since start; read as a {@link Timing}. */
public final class LatencyWindow {

    private final long[] ring;
    private long recorded;
    private long max;

    public LatencyWindow(int size) {
        this.ring = new long[size];
    }

    public synchronized void record(long millis) {
        ring[(int) (recorded++ % ring.length)] = millis;
        max = Math.max(max, millis);
    }

    public Timing timing() {
        long[] window;
        long count;
        long largest;
        synchronized (this) {
            window = Arrays.copyOf(ring, (int) Math.min(recorded, ring.length));
            count = recorded;
            largest = max;
        }
        Arrays.sort(window);
        return new Timing(count, percentile(window, 50), percentile(window, 95), percentile(window, 99), largest);
    }

    private static long percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)];
    }
}
