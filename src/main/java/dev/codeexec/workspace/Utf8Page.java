package dev.codeexec.workspace;

import dev.codeexec.InvalidInputException;
import dev.codeexec.Utf8Boundaries;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes one page of a file as UTF-8. A page boundary can fall inside a multi-byte character: a
 * page that starts inside one is refused (paging by {@code offset + bytes_returned} never does that),
 * and a page that ends inside one is shortened to the character's start, so the next page begins
 * with it. Bytes that are not UTF-8 at all are refused, naming where they are, with a hint to use base64.
 */
final class Utf8Page {

    private Utf8Page() {
    }

    /** How many of {@code bytes} (a page that may stop mid-file) form whole characters. */
    static int wholeCharacters(byte[] bytes, int length, boolean eof) {
        return eof ? length : Utf8Boundaries.wholeCharacterPrefix(bytes, length);
    }

    static String decode(byte[] bytes, int length, long offset) {
        // At offset 0 no character began earlier: a continuation byte there (a PNG's first byte) is not UTF-8.
        if (length > 0 && offset > 0 && Utf8Boundaries.isContinuation(bytes[0])) {
            throw new InvalidInputException("offset", offset + " falls inside a multi-byte UTF-8 character; start at "
                    + "a character boundary (offset + bytes_returned of the previous page) or use encoding=base64");
        }
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
        CharBuffer out = CharBuffer.allocate(length);
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            // Where, so that a log with one stray byte can still be read as text around it: "the file is not valid
            // UTF-8" sent a caller paging through a spilled log to base64 for all of it.
            long at = offset + in.position();
            throw new InvalidInputException("encoding", "offset " + at + " holds " + result.length() + " byte(s) "
                    + "that are not UTF-8 (binary data?); read " + (at > offset ? "up to it (length=" + (at - offset)
                    + "), " : "") + "from offset " + (at + result.length()) + ", or with encoding=base64");
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    /** The whole of {@code bytes} as text, or null when they are not valid UTF-8 (or hold a NUL: binary data). */
    static String strict(byte[] bytes) {
        for (byte b : bytes) {
            if (b == 0) {
                return null;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
