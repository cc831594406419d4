package dev.codeexec.sandbox;

/** UTF-8 boundary arithmetic, so that a cut never splits a character. */
public final class Utf8 {
    private Utf8() {
    }

    /** UTF-8 bytes of {@code s} without encoding it: what text weighs in a model's context. */
    public static long length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return n;
    }

    /** The end of the longest prefix of {@code s} within {@code bytes} UTF-8 bytes that splits no character. */
    public static int prefixWithin(String s, int bytes) {
        int used = 0;
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            used += size(cp);
            if (used > bytes) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    /** The start of the longest suffix of {@code s} within {@code bytes} UTF-8 bytes that splits no character. */
    public static int suffixWithin(String s, int bytes) {
        int used = 0;
        int i = s.length();
        while (i > 0) {
            int cp = s.codePointBefore(i);
            used += size(cp);
            if (used > bytes) {
                break;
            }
            i -= Character.charCount(cp);
        }
        return i;
    }

    private static int size(int codePoint) {
        return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
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
