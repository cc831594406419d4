package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.InvalidInputException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RetainedOutputTest {

    private static void append(RetainedOutput out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.append(bytes, 0, bytes.length);
    }

    /** Reads every page from offset 0 with the given page size. */
    private static String readAll(RetainedOutput out, int maxBytes, boolean complete) {
        StringBuilder all = new StringBuilder();
        long offset = 0;
        while (true) {
            RetainedOutput.Page page = out.page("stdout_offset", offset, maxBytes, complete);
            all.append(page.text());
            assertTrue(page.nextOffset() > offset || !page.hasMore(), "a page made no progress at " + offset);
            offset = page.nextOffset();
            if (!page.hasMore()) {
                return all.toString();
            }
        }
    }

    @Test
    void pagesReassembleMultiByteTextSplitAnywhere() {
        String text = "aé€😀\n".repeat(50) + "tail é";
        for (int pageSize = 4; pageSize <= 13; pageSize++) {
            RetainedOutput out = new RetainedOutput(1 << 16);
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            // Chunks cut inside characters, as worker frames may be.
            for (int i = 0; i < bytes.length; i += 5) {
                out.append(bytes, i, Math.min(5, bytes.length - i));
            }
            assertEquals(text, readAll(out, pageSize, true), "page size " + pageSize);
        }
    }

    /** A page of printed binary keeps to its size as shown (U+FFFD, JSON escapes), and the pages still add up. */
    @Test
    void binaryPagesKeepToTheirSizeAsShown() {
        RetainedOutput out = new RetainedOutput(1 << 16);
        byte[] binary = new byte[6000];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) (i % 3 == 0 ? 0xFF : i % 3 == 1 ? 0x01 : 'a');
        }
        out.append(binary, 0, binary.length);
        long offset = 0;
        int pages = 0;
        RetainedOutput.Page page;
        do {
            page = out.page("stdout_offset", offset, 1024, true);
            byte[] shown = page.text().getBytes(StandardCharsets.UTF_8);
            assertTrue(Utf8.shownWeight(shown, 0, shown.length) <= 1024, "page at " + offset + ": " + shown.length);
            offset = page.nextOffset();
            pages++;
        } while (page.hasMore());
        assertEquals(binary.length, offset);
        assertTrue(pages >= 6 * 10 / 3, pages + " pages");
    }

    @Test
    void anIncompleteCharacterWaitsForTheRestWhileTheStreamGoesOn() {
        RetainedOutput out = new RetainedOutput(1024);
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        append(out, "x");
        out.append(euro, 0, 2);
        RetainedOutput.Page page = out.page("stdout_offset", 0, 100, false);
        assertEquals("x", page.text());
        assertEquals(1, page.nextOffset());
        assertFalse(page.hasMore());
        out.append(euro, 2, 1);
        assertEquals("€", out.page("stdout_offset", 1, 100, false).text());
    }

    /** An offset inside a character is refused naming the field, as read_workspace_file refuses it (it gave "���"). */
    @Test
    void anOffsetInsideACharacterIsRefused() {
        RetainedOutput out = new RetainedOutput(1024);
        append(out, "😀".repeat(3));
        for (long inside : new long[] {1, 2, 3, 5}) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> out.page("stdout_offset", inside, 8, true));
            assertEquals("stdout_offset", e.field());
            assertTrue(e.getMessage().contains(inside + " falls inside a multi-byte UTF-8 character"), e.getMessage());
        }
        assertEquals("😀😀", out.page("stdout_offset", 4, 8, true).text());
    }

    @Test
    void olderBytesAreDroppedAndFlagged() {
        RetainedOutput out = new RetainedOutput(8);
        append(out, "0123456789");
        append(out, "ab");
        assertEquals(12, out.total());
        RetainedOutput.Page page = out.page("stdout_offset", 0, 100, true);
        assertTrue(page.dropped());
        assertEquals("456789ab", page.text());
        assertEquals(12, page.nextOffset());
        RetainedOutput.Page recent = out.page("stdout_offset", 6, 100, true);
        assertFalse(recent.dropped());
        assertEquals("6789ab", recent.text());
        append(out, "x".repeat(20));
        assertEquals("xxxxxxxx", out.page("stdout_offset", 0, 100, true).text());
    }

    @Test
    void aDroppedPrefixNeverStartsInsideACharacter() {
        RetainedOutput out = new RetainedOutput(5);
        append(out, "ab€€");
        RetainedOutput.Page page = out.page("stdout_offset", 0, 100, true);
        assertTrue(page.dropped());
        assertEquals("€", page.text());
    }

    @Test
    void anOffsetPastTheEndIsAnErrorNamingTheField() {
        RetainedOutput out = new RetainedOutput(8);
        append(out, "abc");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> out.page("stderr_offset", 4, 10, true));
        assertEquals("stderr_offset", e.field());
    }
}
