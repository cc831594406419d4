package dev.codeexec.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The "last line" of execute_code's progress notifications. */
class OutputTallyTest {

    private static void write(OutputTally tally, boolean stderr, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        tally.write(stderr, bytes, 0, bytes.length);
    }

    @Test
    void aLineCutAtItsBoundEndsOnAWholeCharacter() {
        OutputTally tally = new OutputTally();
        // 199 ASCII bytes, then two-byte characters: the 200-byte bound falls inside the first of them.
        write(tally, false, "a".repeat(199) + "é".repeat(20) + "\n");
        assertEquals("a".repeat(199), tally.lastLine());
        write(tally, false, "b".repeat(198) + "€€€€");
        assertEquals("b".repeat(198), tally.lastLine(), "the line still being written is cut the same way");
    }

    @Test
    void linesOfTheTwoStreamsAreNeverSplicedAndTheStreamWrittenLastIsShown() {
        OutputTally tally = new OutputTally();
        write(tally, true, "\r 10%|#         |");
        write(tally, false, "loaded 3 files");
        assertEquals("loaded 3 files", tally.lastLine());
        write(tally, true, "\r 20%|##        |");
        assertEquals("20%|##        |", tally.lastLine(), "not the stdout text joined to the bar");
        write(tally, false, " and parsed them\n");
        assertEquals("loaded 3 files and parsed them", tally.lastLine());
        assertEquals(65, tally.bytes());
    }

    /** CSV rows on sys.stdout end in "\r\n" (a return that overwrites nothing broke the tally's reader thread once). */
    @Test
    void linesEndingInAReturnAndANewlineAreShownWithoutIt() {
        OutputTally tally = new OutputTally();
        write(tally, false, "id,name\r\n1,Ann\r\n");
        assertEquals("1,Ann", tally.lastLine());
        write(tally, false, "\r\n");
        assertEquals("1,Ann", tally.lastLine(), "an empty line ending in a return leaves the last one shown");
        write(tally, false, "2,Bob\r");
        assertEquals("2,Bob", tally.lastLine());
    }

    @Test
    void escapeSequencesAreLeftOut() {
        OutputTally tally = new OutputTally();
        write(tally, false, "\u001b[32mok\u001b[0m 5 passed\n");
        assertEquals("ok 5 passed", tally.lastLine());
    }
}
