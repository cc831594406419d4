package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The server keeps no more of a run's recorded output than its inline budget, whatever a worker sends. */
class RecordedOutputTest {

    @Test
    void keepsTheFirstBudgetOfEachStreamAndNoMore() {
        RecordedOutput recorded = new RecordedOutput(8);
        recorded.add(false, "12345".getBytes(StandardCharsets.UTF_8));
        recorded.add(false, "67890".getBytes(StandardCharsets.UTF_8));
        recorded.add(false, new byte[1 << 20]);
        recorded.add(true, "err".getBytes(StandardCharsets.UTF_8));
        assertEquals("12345678", recorded.stdout());
        assertEquals("err", recorded.stderr());
        assertTrue(recorded.cut());
    }

    /** A stream that fits is not cut; one cut inside a character ends before it, not in U+FFFD. */
    @Test
    void saysWhetherAStreamWentPastTheBudgetAndCutsOnACharacter() {
        RecordedOutput fits = new RecordedOutput(8);
        fits.add(false, "12345678".getBytes(StandardCharsets.UTF_8));
        assertFalse(fits.cut());
        RecordedOutput cut = new RecordedOutput(8);
        cut.add(true, "abcdefgé!".getBytes(StandardCharsets.UTF_8));
        assertTrue(cut.cut());
        assertEquals("abcdefg", cut.stderr());
    }
}
