package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TerminalTextTest {

    private static String shaped(String written) {
        byte[] bytes = written.getBytes(StandardCharsets.UTF_8);
        return new String(TerminalText.shape(bytes, 0, bytes.length), StandardCharsets.UTF_8);
    }

    /** Escapes written as {@code <ESC>}, {@code <CR>}, {@code <LF>}, {@code <BEL>} to keep the table readable. */
    private static String unescape(String s) {
        return s.replace("<ESC>", "\u001b").replace("<CR>", "\r").replace("<LF>", "\n").replace("<BEL>", "\u0007");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        // Overwrites: the last non-empty one of a line is what a terminal leaves.
        " 10%<CR> 50%<CR>100%<LF>done<LF>  | 100%<LF>done<LF>",
        "a<CR>b<CR>c                       | c",
        "99%<CR><LF>                       | 99%<CR><LF>",
        // A return that overwrites nothing stays: CSV rows and Windows text come back as written.
        "line<CR><LF>next<CR><LF>          | line<CR><LF>next<CR><LF>",
        "a,b<CR><LF>1,2<CR><LF>            | a,b<CR><LF>1,2<CR><LF>",
        " 50%<CR>100%<CR><LF>              | 100%<CR><LF>",
        "first<CR><CR><CR>last<LF>         | last<LF>",
        // Escape sequences go, text around them stays.
        "<ESC>[32mgreen<ESC>[0m<LF>        | green<LF>",
        "<ESC>[1;31;48;5;200mx<ESC>[K<LF>  | x<LF>",
        "<ESC>]0;title<BEL>after<LF>       | after<LF>",
        "<ESC>]8;;http://x<ESC>\\link<ESC>]8;;<ESC>\\<LF> | link<LF>",
        "<ESC>(Bplain<ESC>7<ESC>8<LF>      | plain<LF>",
        "<ESC>[?25l<ESC>[2Abar<ESC>[?25h   | bar",
        // Look-alikes that stay as written.
        "[32m not an escape<LF>            | [32m not an escape<LF>",
        "tab<TAB>and ] brackets<LF>        | tab<TAB>and ] brackets<LF>",
        "no newline at the end             | no newline at the end",
        "é<CR>ü<LF>                        | ü<LF>",
        // A broken sequence does not swallow what follows it.
        "<ESC>]unterminated title<LF>next<LF> | <LF>next<LF>",
        "<ESC>[12<LF>kept<LF>              | <LF>kept<LF>",
        "<ESC>]title<ESC><LF>kept<LF>      | <LF>kept<LF>",
    })
    void keepsWhatATerminalShows(String written, String shown) {
        assertEquals(unescape(shown).replace("<TAB>", "\t"), shaped(unescape(written).replace("<TAB>", "\t")));
    }

    @Test
    void aProgressBarFedInPiecesIsItsLastState() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TerminalText text = new TerminalText(1024, out::write);
        for (int i = 0; i <= 1000; i++) {
            byte[] state = ("\r\u001b[32m" + i + "/1000\u001b[0m").getBytes(StandardCharsets.UTF_8);
            // Split each state across two writes, as a pipe may deliver it.
            text.write(state, 0, 3);
            text.write(state, 3, state.length - 3);
        }
        text.write("\n".getBytes(StandardCharsets.UTF_8), 0, 1);
        text.finish();
        assertEquals("1000/1000\n", out.toString(StandardCharsets.UTF_8));
    }

    /** Each line reaches the sink whole, with its end, in one write, and no write is empty (OutputTally reads so). */
    @Test
    void eachLineGoesOutInOneWriteWithItsEnd() {
        java.util.List<String> writes = new java.util.ArrayList<>();
        TerminalText text = new TerminalText(16, (b, off, len) -> writes.add(new String(b, off, len,
                StandardCharsets.UTF_8)));
        byte[] bytes = "a,b\r\n\r\n50%\r100%\n\n".getBytes(StandardCharsets.UTF_8);
        text.write(bytes, 0, bytes.length);
        text.finish();
        assertEquals(java.util.List.of("a,b\r\n", "\r\n", "100%\n", "\n"), writes);
    }

    @Test
    void aLineLongerThanItsBoundIsPassedOnAsItStands() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TerminalText text = new TerminalText(8, out::write);
        byte[] bytes = "0123456789abcdef\rXY\n".getBytes(StandardCharsets.UTF_8);
        text.write(bytes, 0, bytes.length);
        text.finish();
        // The first 8 bytes went on when the line reached its bound; the return overwrote only what followed.
        assertEquals("01234567XY\n", out.toString(StandardCharsets.UTF_8));
    }
}
