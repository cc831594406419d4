package dev.codeexec;

import java.time.Duration;

/** Durations as a caller reads them in a message. */
public final class Durations {

    private Durations() {
    }

    /**
     * Whole minutes, or seconds below a minute, never "0 minutes": {@code "30 idle minutes"}, {@code "2 idle
     * seconds"} for the adjective "idle", {@code "1 minute"} without one.
     */
    public static String inWords(Duration duration, String adjective) {
        long minutes = duration.toMinutes();
        long n = minutes > 0 ? minutes : duration.toSeconds();
        String unit = minutes > 0 ? "minute" : "second";
        return n + " " + (adjective.isEmpty() ? "" : adjective + " ") + unit + (n == 1 ? "" : "s");
    }
}
