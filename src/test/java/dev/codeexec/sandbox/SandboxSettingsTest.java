package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SandboxSettingsTest {

    @Test
    void settingsRejectUnknownValues() {
        assertEquals(SandboxSettings.Jit.AUTO, SandboxSettings.Jit.parse(" Auto "));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SandboxSettings.Jit.parse("fast"));
        assertTrue(e.getMessage().contains("sandbox.jit"));
        assertThrows(IllegalArgumentException.class, () -> SandboxSettings.Isolation.parse("docker"));
    }

    @Test
    void executorsKeepASessionUntilItsExpiredHandleCouldBeEnded() {
        for (Duration ttl : new Duration[] {Duration.ofSeconds(2), Duration.ofMinutes(30), Duration.ofHours(8)}) {
            Duration sweep = SandboxSettings.sessionSweepPeriod(ttl);
            assertTrue(sweep.compareTo(Duration.ofSeconds(1)) >= 0 && sweep.compareTo(Duration.ofMinutes(1)) <= 0
                    && sweep.compareTo(ttl) < 0, "sweep " + sweep + " for " + ttl);
            // Noticed within a sweep, then a last run that waits for a slot and runs.
            Duration lastRun = Duration.ofSeconds(2L * ExecutionLimits.DEFAULT_TIMEOUT_S + ExecutionLimits.MAX_TIMEOUT_S);
            assertTrue(SandboxSettings.sessionBackstopTtl(ttl).compareTo(ttl.plus(sweep).plus(lastRun)) > 0,
                    "backstop for " + ttl);
        }
    }
}
