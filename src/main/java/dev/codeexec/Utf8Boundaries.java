package dev.codeexec;

/**
 * Where UTF-8 characters begin and end, for cuts that must not split one: output cut to a budget (sandbox, mcp) and
 * file pages (workspace).
 */
public final class Utf8Boundaries {

    private Utf8Boundaries() {
    }

    /** The bytes of the character a lead byte {@code b} (0-255) begins: 1-4, or 0 when it begins none (RFC 3629). */
    public static int sequenceLength(int b) {
        if (b < 0x80) {
            return 1;
        }
        if (b >= 0xC2 && b <= 0xDF) {
            return 2;
        }
        if (b >= 0xE0 && b <= 0xEF) {
            return 3;
        }
        return b >= 0xF0 && b <= 0xF4 ? 4 : 0;
    }

    public static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }

    /**
     * The largest length not above {@code length} that ends on a character boundary: a last character that the
     * bytes stop inside is left out whole. Bytes that begin no character are kept, to be shown as what they are.
     */
    public static int wholeCharacterPrefix(byte[] bytes, int length) {
        if (length == 0) {
            return 0;
        }
        // Walk back over at most three continuation bytes to the lead byte of the last character.
        int lead = length - 1;
        while (lead > 0 && length - lead < 4 && isContinuation(bytes[lead])) {
            lead--;
        }
        int needed = sequenceLength(bytes[lead] & 0xFF);
        return needed > 0 && lead + needed > length ? lead : length;
    }

    /** Bytes in the character {@code bytes} start with: 1-4, or 0 when they start inside one or not at a lead byte. */
    public static int firstCharacterBytes(byte[] bytes) {
        return bytes.length == 0 || isContinuation(bytes[0]) ? 0 : sequenceLength(bytes[0] & 0xFF);
    }
}
