package dev.codeexec.sandbox.engine;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes Python values in {@code marshal} format (version 4), which GraalPy reads back in one Java pass: how the
 * host's decoders ({@link JsonToMarshal}, {@link XmlToMarshal}) hand a whole document's objects to the guest.
 * Strings written with {@link #shared} are stored once and referred to after, as a scanner's memo would share them.
 */
final class MarshalWriter {

    private static final int FLAG_REF = 0x80;

    private byte[] out;
    private int size;
    private final Map<String, Integer> refs = new HashMap<>();
    /** marshal numbers every object written with FLAG_REF, strings and lists alike, in the order they start. */
    private int nextRef;

    MarshalWriter() {
        this(1024);
    }

    /** @param capacity the bytes expected: growing past a large guess copies everything written so far */
    MarshalWriter(int capacity) {
        out = new byte[Math.max(16, capacity)];
    }

    /** What was written, one char per byte (Latin-1), as the guest's bridge passes bytes. */
    String toLatin1() {
        return new String(out, 0, size, StandardCharsets.ISO_8859_1);
    }

    void tuple(int items) {
        put(')');
        put(items);
    }

    /** Starts a list whose length is set by {@link #endList} once its items are written. */
    int startList() {
        put('[');
        int lengthAt = size;
        int32(0);
        return lengthAt;
    }

    void endList(int lengthAt, int items) {
        for (int i = 0; i < 4; i++) {
            out[lengthAt + i] = (byte) (items >> (8 * i));
        }
    }

    /** An empty list that {@link #reference} can name again later: the same list object, not a copy. */
    int emptyListTarget() {
        put('[' | FLAG_REF);
        int32(0);
        return nextRef++;
    }

    /** The object written with FLAG_REF as number {@code ref}. */
    void reference(int ref) {
        put('r');
        int32(ref);
    }

    void startDict() {
        put('{');
    }

    void endDict() {
        put('0');
    }

    void none() {
        put('N');
    }

    void bool(boolean value) {
        put(value ? 'T' : 'F');
    }

    void floating(double value) {
        put('g');
        long bits = Double.doubleToRawLongBits(value);
        for (int i = 0; i < 8; i++) {
            put((int) (bits >>> (8 * i)));
        }
    }

    /** A string's first occurrence is stored as a reference target; later ones refer to it. */
    boolean shared(String s) {
        Integer ref = refs.get(s);
        if (ref != null) {
            reference(ref);
            return true;
        }
        refs.put(s, nextRef++);
        return string(s, true);
    }

    /** False for a lone surrogate, which has no UTF-8 form: the caller gives up. */
    boolean string(String s) {
        return string(s, false);
    }

    private boolean string(String s, boolean asReference) {
        int flag = asReference ? FLAG_REF : 0;
        if (isAscii(s)) {
            if (s.length() < 256) {
                put('z' | flag);
                put(s.length());
            } else {
                put('a' | flag);
                int32(s.length());
            }
            for (int i = 0; i < s.length(); i++) {
                put(s.charAt(i));
            }
            return true;
        }
        put('u' | flag);
        int lengthAt = size;
        int32(0);
        int begin = size;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                put(c);
            } else if (c < 0x800) {
                put(0xC0 | (c >> 6));
                put(0x80 | (c & 0x3F));
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                put(0xF0 | (cp >> 18));
                put(0x80 | ((cp >> 12) & 0x3F));
                put(0x80 | ((cp >> 6) & 0x3F));
                put(0x80 | (cp & 0x3F));
            } else if (Character.isSurrogate(c)) {
                return false;
            } else {
                put(0xE0 | (c >> 12));
                put(0x80 | ((c >> 6) & 0x3F));
                put(0x80 | (c & 0x3F));
            }
        }
        endList(lengthAt, size - begin);
        return true;
    }

    void integer(long value) {
        if (value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
            put('i');
            int32((int) value);
        } else {
            integer(BigInteger.valueOf(value));
        }
    }

    /** marshal's long: a signed count of 15-bit digits, least significant first. */
    void integer(BigInteger value) {
        if (value.bitLength() < 32) {
            integer(value.intValue());
            return;
        }
        BigInteger magnitude = value.abs();
        int digits = (magnitude.bitLength() + 14) / 15;
        put('l');
        int32(value.signum() < 0 ? -digits : digits);
        for (int i = 0; i < digits; i++) {
            int digit = magnitude.shiftRight(15 * i).intValue() & 0x7FFF;
            put(digit);
            put(digit >> 8);
        }
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private void int32(int value) {
        put(value);
        put(value >> 8);
        put(value >> 16);
        put(value >> 24);
    }

    private void put(int b) {
        if (size == out.length) {
            out = Arrays.copyOf(out, out.length * 2);
        }
        out[size++] = (byte) b;
    }
}
