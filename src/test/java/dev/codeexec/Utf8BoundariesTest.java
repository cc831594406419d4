package dev.codeexec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Cuts that must not split a character: output cut to a budget and file pages both use these. */
class Utf8BoundariesTest {

    private static final byte[] TEXT = "aé€😀".getBytes(StandardCharsets.UTF_8); // 1, 2, 3 and 4 bytes: 10 in all

    @Test
    void aPrefixEndingInsideACharacterLeavesItOutWhole() {
        int[] expected = {0, 1, 1, 3, 3, 3, 6, 6, 6, 6, 10};
        for (int length = 0; length <= TEXT.length; length++) {
            assertEquals(expected[length], Utf8Boundaries.wholeCharacterPrefix(TEXT, length), "length " + length);
        }
    }

    @Test
    void bytesThatBeginNoCharacterAreKept() {
        // 0xC0 would be a two-byte lead if it were allowed (an overlong form); 0xF8 leads nothing; 0x80 alone is a
        // continuation with no lead: each is shown as what it is, not held back for a continuation.
        for (int b : new int[] {0xC0, 0xC1, 0xF5, 0xF8, 0xFF}) {
            assertEquals(2, Utf8Boundaries.wholeCharacterPrefix(new byte[] {'a', (byte) b}, 2), Integer.toHexString(b));
        }
        assertEquals(4, Utf8Boundaries.wholeCharacterPrefix(new byte[] {(byte) 0x80, (byte) 0x80, (byte) 0x80,
            (byte) 0x80}, 4));
    }

    @Test
    void theFirstCharactersLengthIsZeroInsideOne() {
        assertEquals(1, Utf8Boundaries.firstCharacterBytes(TEXT));
        assertEquals(2, Utf8Boundaries.firstCharacterBytes(new byte[] {TEXT[1], TEXT[2]}));
        assertEquals(4, Utf8Boundaries.firstCharacterBytes(new byte[] {TEXT[6]}));
        assertEquals(0, Utf8Boundaries.firstCharacterBytes(new byte[] {TEXT[7]}));
        assertEquals(0, Utf8Boundaries.firstCharacterBytes(new byte[0]));
    }
}
