package dev.codeexec.sandbox.engine;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

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

    private final MarshalWriter out = new MarshalWriter();

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
            writer.out.tuple(2);
            parser.nextToken();
            if (!writer.value(parser)) {
                return null;
            }
            // Just past the closing bracket, in code points: a pair is one character (see pairsAreCharacters).
            int end = start + (int) parser.currentTokenLocation().getCharOffset() + 1;
            writer.out.integer(pairsAreCharacters ? end - pairsBefore(text, start, end) : end);
            return writer.out.toLatin1();
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
                out.startDict();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    if (!out.shared(parser.currentName())) {
                        return false;
                    }
                    parser.nextToken();
                    if (!value(parser)) {
                        return false;
                    }
                }
                out.endDict();
            }
            case START_ARRAY -> {
                int lengthAt = out.startList();
                int items = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    if (!value(parser)) {
                        return false;
                    }
                    items++;
                }
                out.endList(lengthAt, items);
            }
            case VALUE_STRING -> {
                return out.string(parser.getText()); // false for a lone surrogate: the guest scanner keeps it
            }
            case VALUE_NUMBER_INT -> {
                switch (parser.getNumberType()) {
                    case INT -> out.integer(parser.getIntValue());
                    case LONG -> out.integer(parser.getLongValue());
                    default -> out.integer(parser.getBigIntegerValue());
                }
            }
            case VALUE_NUMBER_FLOAT -> out.floating(parser.getDoubleValue());
            case VALUE_TRUE -> out.bool(true);
            case VALUE_FALSE -> out.bool(false);
            case VALUE_NULL -> out.none();
            default -> {
                return false;
            }
        }
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
}
