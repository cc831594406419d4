package dev.codeexec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

    /** A TTL under a minute said "kept for 0 minutes" in get_execution's refusal. */
    @Test
    void minutesOrSecondsBelowAMinuteNeverZeroMinutes() {
        assertEquals("60 minutes", Durations.inWords(Duration.ofHours(1), ""));
        assertEquals("1 minute", Durations.inWords(Duration.ofSeconds(90), ""));
        assertEquals("20 seconds", Durations.inWords(Duration.ofSeconds(20), ""));
        assertEquals("1 idle second", Durations.inWords(Duration.ofSeconds(1), "idle"));
        assertEquals("30 idle minutes", Durations.inWords(Duration.ofMinutes(30), "idle"));
    }
}
