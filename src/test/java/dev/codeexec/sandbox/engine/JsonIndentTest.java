package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The host's layout of compact JSON; the guest's json.dumps output as a whole is the parity suite's. */
class JsonIndentTest {

    @Test
    void laysOutAsPythonsEncoderDoes() {
        assertEquals("{\n  \"a\": [\n    1,\n    \"x,:[\\\"]\"\n  ],\n  \"b\": {},\n  \"c\": []\n}",
                JsonIndent.indent("{\"a\":[1,\"x,:[\\\"]\"],\"b\":{},\"c\":[]}", "  ", ",", ": "));
    }

    @Test
    void textItCannotTellApartOrThatIsNotCompactJsonIsDeclined() {
        assertNull(JsonIndent.indent("[\"\ud83d\ude00\"]", " ", ",", ": ")); // two lone surrogates look the same
        assertNull(JsonIndent.indent("[1", " ", ",", ": "));
        assertNull(JsonIndent.indent("[1]]", " ", ",", ": "));
        assertNull(JsonIndent.indent("[\"open]", " ", ",", ": "));
    }

    @Test
    void resultsLongerThanTheLimitAreDeclined() {
        String unit = "x".repeat(1024);
        String deep = "[".repeat(400) + "1" + "]".repeat(400); // 400 levels of up to 400 KiB of indentation each
        assertNull(JsonIndent.indent(deep, unit, ",", ": "));
        assertEquals("[\nx1\n]", JsonIndent.indent("[1]", "x", ",", ": "));
    }
}
