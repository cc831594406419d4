package dev.codeexec.pii;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * A set of chars as one bit per char (8 KB), built once from a recognizer's {@link Recognizer#inMatch}.
 * Window scans test millions of chars per text; a bit test is far cheaper than a call through a
 * predicate that is megamorphic across twenty recognizers. Equal sets are equal keys, so recognizers
 * with the same trigger, reach and chars share their windows.
 */
public final class CharClass {

    static final CharClass ALL = of(c -> true);

    private final long[] bits;
    private final int hash;

    private CharClass(long[] bits) {
        this.bits = bits;
        this.hash = Arrays.hashCode(bits);
    }

    static CharClass of(IntPredicate members) {
        long[] bits = new long[(Character.MAX_VALUE + 1) / 64];
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            if (members.test(c)) {
                bits[c >>> 6] |= 1L << c;
            }
        }
        return new CharClass(bits);
    }

    boolean contains(char c) {
        return (bits[c >>> 6] & 1L << c) != 0;
    }

    boolean containsAll(CharClass other) {
        for (int i = 0; i < bits.length; i++) {
            if ((other.bits[i] & ~bits[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CharClass other && hash == other.hash && Arrays.equals(bits, other.bits);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
