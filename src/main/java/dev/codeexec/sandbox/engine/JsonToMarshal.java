package dev.codeexec.sandbox.engine;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Decodes a JSON document for the guest's {@code json} module: the document's value in Python's {@code marshal}
 * format, which GraalPy reads back in one Java pass. GraalPy's own JSON scanner needs about 0.6 s of guest CPU for a
 * 6 MB document (CPython 0.05 s); this path needs a tenth of that (docs/benchmarks.md). It runs inside the
 * interpreter's process (the worker), on the guest's thread, and reaches nothing but its arguments.
 *
 * <p>Only what it decodes exactly as CPython's {@code json} would is accepted: a document whose value is an object
 * or an array, in strict JSON. Anything else ({@code NaN}, surrogates, numbers or strings beyond Jackson's
 * limits, malformed text) returns {@code null}, and the guest's own scanner decodes it or raises its usual
 * error. Object keys are shared like the guest scanner's memo shares them (marshal references), and a repeated key
 * keeps its first position with its last value, as in a {@code dict} built in order. Text with characters outside the
 * BMP is decoded only when the guest vouches that its string holds no surrogate code points: in Java the two cannot
 * be told apart. Then the end offset counts each such character once, as Python does.
 */
public final class JsonToMarshal {

    /**
     * Smaller documents gain nothing from the detour: GraalPy's scanner and this path take about the same from 70 to
     * 140 characters; this one takes 40% of the time at 350 and 30% from 900 (docs/benchmarks.md).
     */
    public static final int MIN_CHARS = 128;
    /** Bounds the work of one call, which cannot be interrupted: larger documents take the guest's scanner. */
    public static final int MAX_CHARS = 16 * 1024 * 1024;

    /** What {@link #decode} returns for text with surrogates when the guest did not vouch for them: ask again. */
    public static final String ASK_ABOUT_SURROGATES = "";

    private static final JsonFactory JSON = new JsonFactory();
    private static final int FLAG_REF = 0x80;

    private byte[] out = new byte[1024];
    private int size;
    private final Map<String, Integer> keyRefs = new HashMap<>();

    private JsonToMarshal() {
    }

    /**
     * {@code (value, end)} in marshal format, one char per byte (Latin-1), for {@code text} decoded from {@code
     * start}, as the guest scanner's {@code scan_once(text, start)} returns it; or {@code null} to leave the document
     * to the guest scanner; or {@link #ASK_ABOUT_SURROGATES} when the text has surrogates and {@code pairsAreCharacters}
     * is false. The guest passes true once it has found no surrogate code points in its string, so that every pair
     * here is one character outside the BMP.
     */
    public static String decode(String text, int start, boolean pairsAreCharacters) {
        int length = text.length() - start;
        if (start < 0 || length < MIN_CHARS || length > MAX_CHARS) {
            return null;
        }
        char first = text.charAt(start);
        if (first != '{' && first != '[') {
            return null; // a scalar's end would depend on what Jackson read past it
        }
        for (int i = 0; i < start; i++) {
            if (!isJsonWhitespace(text.charAt(i))) {
                // Python counts code points, Java chars: they agree on a prefix of white space, which is what
                // json.loads skips. Another start (raw_decode in a loop) takes the guest scanner.
                return null;
            }
        }
        if (!pairsAreCharacters) {
            for (int i = start; i < text.length(); i++) {
                if (Character.isSurrogate(text.charAt(i))) {
                    // One character outside the BMP and two surrogate code points look alike once in Java: neither
                    // the values nor the offsets could be told apart. (Escaped ones, \ud83d\ude00, are plain text.)
                    return ASK_ABOUT_SURROGATES;
                }
            }
        }
        try (JsonParser parser = JSON.createParser(start == 0 ? text : text.substring(start))) {
            JsonToMarshal writer = new JsonToMarshal();
            writer.tupleOfTwo();
            parser.nextToken();
            if (!writer.value(parser)) {
                return null;
            }
            // Just past the closing bracket, in code points: a pair is one character (see pairsAreCharacters).
            int end = start + (int) parser.currentTokenLocation().getCharOffset() + 1;
            writer.integer(pairsAreCharacters ? end - pairsBefore(text, start, end) : end);
            return new String(writer.out, 0, writer.size, StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return null; // malformed, or past a limit: the guest scanner raises its own error or copes
        }
    }

    /** Writes the value at the parser's current token and everything it contains; false to give up. */
    private boolean value(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == null) {
            return false;
        }
        switch (token) {
            case START_OBJECT -> {
                put('{');
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    if (!key(parser.currentName())) {
                        return false;
                    }
                    parser.nextToken();
                    if (!value(parser)) {
                        return false;
                    }
                }
                put('0'); // the dict's end
            }
            case START_ARRAY -> {
                // A list's length comes before its items: written as 0 and set once known.
                put('[');
                int lengthAt = size;
                int32(0);
                int items = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    if (!value(parser)) {
                        return false;
                    }
                    items++;
                }
                setInt32(lengthAt, items);
            }
            case VALUE_STRING -> {
                return string(parser.getText(), false);
            }
            case VALUE_NUMBER_INT -> {
                switch (parser.getNumberType()) {
                    case INT -> integer(parser.getIntValue());
                    case LONG -> bigInteger(BigInteger.valueOf(parser.getLongValue()));
                    default -> bigInteger(parser.getBigIntegerValue());
                }
            }
            case VALUE_NUMBER_FLOAT -> {
                put('g');
                long bits = Double.doubleToRawLongBits(parser.getDoubleValue());
                for (int i = 0; i < 8; i++) {
                    put((int) (bits >>> (8 * i)));
                }
            }
            case VALUE_TRUE -> put('T');
            case VALUE_FALSE -> put('F');
            case VALUE_NULL -> put('N');
            default -> {
                return false;
            }
        }
        return true;
    }

    /** A key's first occurrence is stored as a reference target; later ones refer to it. */
    private boolean key(String name) {
        Integer ref = keyRefs.get(name);
        if (ref != null) {
            put('r');
            int32(ref);
            return true;
        }
        keyRefs.put(name, keyRefs.size());
        return string(name, true);
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
                return false; // a lone surrogate: the guest scanner keeps it as CPython does
            } else {
                put(0xE0 | (c >> 12));
                put(0x80 | ((c >> 6) & 0x3F));
                put(0x80 | (c & 0x3F));
            }
        }
        setInt32(lengthAt, size - begin);
        return true;
    }

    /** Surrogate pairs in {@code text[from, to)}: each is one code point in the guest's string. */
    private static int pairsBefore(String text, int from, int to) {
        int pairs = 0;
        for (int i = from; i < to - 1; i++) {
            if (Character.isHighSurrogate(text.charAt(i)) && Character.isLowSurrogate(text.charAt(i + 1))) {
                pairs++;
                i++;
            }
        }
        return pairs;
    }

    private static boolean isJsonWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private void tupleOfTwo() {
        put(')');
        put(2);
    }

    private void integer(long value) {
        if (value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE) {
            put('i');
            int32((int) value);
        } else {
            bigInteger(BigInteger.valueOf(value));
        }
    }

    /** marshal's long: a signed count of 15-bit digits, least significant first. */
    private void bigInteger(BigInteger value) {
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

    private void int32(int value) {
        put(value);
        put(value >> 8);
        put(value >> 16);
        put(value >> 24);
    }

    private void setInt32(int at, int value) {
        for (int i = 0; i < 4; i++) {
            out[at + i] = (byte) (value >> (8 * i));
        }
    }

    private void put(int b) {
        if (size == out.length) {
            out = Arrays.copyOf(out, out.length * 2);
        }
        out[size++] = (byte) b;
    }
}
