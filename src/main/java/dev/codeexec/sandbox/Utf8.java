package dev.codeexec.sandbox;

/** UTF-8 boundary arithmetic, so that a cut never splits a character. */
public final class Utf8 {
    private Utf8() {
    }

    /** The largest length not above {@code length} that ends on a character boundary. */
    public static int wholeCharacterPrefix(byte[] bytes, int length) {
        int i = length;
        // Step back over at most three continuation bytes to the lead byte of the last character.
        int back = 0;
        while (i > 0 && back < 4 && (bytes[i - 1] & 0xC0) == 0x80) {
            i--;
            back++;
        }
        if (i == 0) {
            return length;
        }
        int lead = bytes[i - 1] & 0xFF;
        int need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        return (back + 1 >= need) ? length : i - 1;
    }
}
