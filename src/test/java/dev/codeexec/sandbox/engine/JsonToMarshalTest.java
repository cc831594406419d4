package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Value;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The documents JsonToMarshal accepts decode, read back by GraalPy's marshal, to exactly what the guest's own
 * json scanner makes of them (value, types, key order, end offset); the ones it must leave to that scanner are
 * declined.
 */
@Execution(ExecutionMode.CONCURRENT)
class JsonToMarshalTest {

    static final String PAD = "\"" + "p".repeat(JsonToMarshal.MIN_CHARS) + "\"";

    static Context python;

    @BeforeAll
    static void start() {
        python = Context.newBuilder("python").option("engine.WarnInterpreterOnly", "false").build();
        python.eval("python", """
                import json, marshal
                def same(a, b):
                    # Types all the way down (1 is not 1.0, True is not 1), then repr for values (-0.0, key order).
                    if type(a) is not type(b):
                        return False
                    if isinstance(a, dict):
                        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
                    if isinstance(a, list):
                        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
                    return repr(a) == repr(b)
                def compare(payload, doc, start, end):
                    fast = marshal.loads(payload.encode("latin-1"))
                    slow = json.JSONDecoder(object_pairs_hook=dict).raw_decode(doc, start)
                    return "same" if same(fast[0], slow[0]) and fast[1] == end else f"{fast!r} != {slow!r}, end {end}"
                """);
    }

    @AfterAll
    static void stop() {
        python.close();
    }

    private static void decodesAsTheGuestScannerDoes(String doc) {
        decodesAsTheGuestScannerDoes("", doc, "");
    }

    /** {@code leading} is white space; the document's value is {@code value}, followed by {@code trailing}. */
    private static void decodesAsTheGuestScannerDoes(String leading, String value, String trailing) {
        String doc = leading + value + trailing;
        String payload = JsonToMarshal.decode(doc, leading.length(), true);
        assertNotNull(payload, doc);
        int end = doc.codePointCount(0, leading.length() + value.length());
        Value compare = python.getBindings("python").getMember("compare");
        assertEquals("same", compare.execute(payload, doc, leading.length(), end).asString(), doc);
    }

    private static String padded(String value) {
        return "[" + value + ", " + PAD + "]";
    }

    @Test
    void scalarsKeepTheirPythonTypes() {
        decodesAsTheGuestScannerDoes(padded("0, -0, 1, -1, 2147483647, 2147483648, -2147483648, -2147483649, "
                + "9223372036854775807, 9223372036854775808, -9223372036854775809, 123456789012345678901234567890, "
                + "-98765432109876543210987654321098765432109876543210, 32768, 1073741824, 1152921504606846976"));
        decodesAsTheGuestScannerDoes(padded("0.0, -0.0, 1.5, -1.5e-5, 1E5, 1e308, 1.7976931348623157e308, 1e400, "
                + "-1e400, 5e-324, 2.4703282292062328e-324, 1e-320, 0.1, 123456789012345678901234567890.5"));
        decodesAsTheGuestScannerDoes(padded("true, false, null, [], {}, [[]], {\"\": {}}"));
    }

    @Test
    void stringsOfEveryWidthAndEscape() {
        decodesAsTheGuestScannerDoes(padded("\"plain\", \"caf\u00e9\", \"\u20ac\", \"\uFFFD\", "
                + "\"\\ud83d\\ude00\", \"\\n\\t\\r\\b\\f\\\"\\\\\\/\", \"\\u0000\", \"" + "x".repeat(300) + "\", \""
                + "\u00e9".repeat(300) + "\", {\"cl\u00e9\": 1, \"\\u20ac\": 2}"));
    }

    @Test
    void repeatedKeysKeepTheFirstPlaceAndTheLastValue() {
        decodesAsTheGuestScannerDoes("{\"a\": 1, \"b\": 2, \"a\": 3, \"pad\": " + PAD + "}");
        decodesAsTheGuestScannerDoes(padded("{\"k\": 1, \"v\": [1]}, {\"v\": 2, \"k\": 3}, {\"k\": {\"k\": {\"k\": 4}}}"));
    }

    @Test
    void theEndOffsetIsWhereTheGuestScannerStops() {
        decodesAsTheGuestScannerDoes("  \n\t", padded("1"), "   ");
        decodesAsTheGuestScannerDoes("", padded("2"), " [\"extra data, which decode() reports\"]");
    }

    @Test
    void aStartAfterAnythingButWhiteSpaceIsDeclined() {
        // raw_decode(s, idx) past earlier values: Python's idx counts code points, Java's chars.
        String doc = "[\"caf\u00e9\"] " + padded("1");
        assertNull(JsonToMarshal.decode(doc, doc.indexOf(" [") + 1, true));
    }

    @Test
    void charactersOutsideTheBmpDecodeOnceTheGuestVouchesForThem() {
        String doc = padded("\"\uD83D\uDE00\", {\"k\uD83D\uDE80\": \"a\uD83D\uDE00b\uD83D\uDE00\"}");
        assertEquals(JsonToMarshal.ASK_ABOUT_SURROGATES, JsonToMarshal.decode(doc, 0, false),
                "in Java a character outside the BMP looks like two surrogate code points of a Python string");
        decodesAsTheGuestScannerDoes(" ", doc, "  [1]"); // the end counts each of the four characters once
    }

    @Test
    void whatOnlyTheGuestScannerDecodesExactlyIsDeclined() {
        assertNull(JsonToMarshal.decode(padded("NaN"), 0, true), "NaN is Python's extension");
        assertNull(JsonToMarshal.decode(padded("Infinity"), 0, true), "Infinity is Python's extension");
        assertNull(JsonToMarshal.decode(padded("\"\\ud800\""), 0, true), "an escaped lone surrogate");
        assertNull(JsonToMarshal.decode(padded("1,"), 0, true), "a trailing comma");
        assertNull(JsonToMarshal.decode(padded("'single'"), 0, true), "single quotes");
        assertNull(JsonToMarshal.decode(padded("\"tab\there\""), 0, true), "a raw control character");
        assertNull(JsonToMarshal.decode(padded("01"), 0, true), "a leading zero");
        assertNull(JsonToMarshal.decode(padded("1".repeat(1200)), 0, true), "a number past Jackson's length limit");
        assertNull(JsonToMarshal.decode("[" + PAD, 0, true), "an unclosed array");
        assertNull(JsonToMarshal.decode(PAD, 0, true), "a scalar document");
        assertNull(JsonToMarshal.decode("[1]", 0, true), "a small document");
    }
}
