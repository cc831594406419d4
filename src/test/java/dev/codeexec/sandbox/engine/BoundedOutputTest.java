package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BoundedOutputTest {

    @Test
    void keepsEverythingUnderTheLimit() {
        BoundedOutput out = new BoundedOutput(10);
        out.write("héllo".getBytes(StandardCharsets.UTF_8), 0, 6);
        assertEquals("héllo", out.text());
        assertFalse(out.truncated());
    }

    @Test
    void dropsThePastTheLimitAndSaysSo() {
        BoundedOutput out = new BoundedOutput(4);
        byte[] bytes = "abcdefgh".getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
        out.write('z');
        assertTrue(out.truncated());
        assertEquals(9, out.totalBytes());
        assertTrue(out.text().startsWith("abcd\n[output truncated: 5 of 9 bytes dropped"), out.text());
    }

    @Test
    void neverSplitsAMultiByteCharacter() {
        BoundedOutput out = new BoundedOutput(5);
        byte[] bytes = "ab€€".getBytes(StandardCharsets.UTF_8); // 2 + 3 + 3 bytes; the cut falls inside the first €
        out.write(bytes, 0, bytes.length);
        assertTrue(out.text().startsWith("ab€\n[output truncated"), out.text());
        BoundedOutput cut = new BoundedOutput(3);
        cut.write(bytes, 0, bytes.length);
        assertTrue(cut.text().startsWith("ab\n[output truncated"), cut.text());
    }

    @Test
    void ignoresWritesAfterSealingButTakesHostNotes() {
        BoundedOutput out = new BoundedOutput(100);
        out.write('a');
        out.seal();
        out.write('b');
        out.note("!");
        assertEquals("a!", out.text());
    }
}
