package dev.codeexec.sandbox.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.codeexec.sandbox.Utf8;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedOutputTest {

    private static final int BUDGET = 1024;

    /** A spill that keeps everything in memory, as the file would. */
    private static final class MemorySpill implements BoundedOutput.Spill {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
        }

        @Override
        public BoundedOutput.Spilled close() {
            return new BoundedOutput.Spilled(".runs/r/stdout.txt", bytes.size(), false, null, true);
        }
    }

    private static void write(BoundedOutput out, String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.write(bytes, 0, bytes.length);
    }

    @Test
    void keepsEverythingWithinTheBudgetAndSpillsNothing() {
        MemorySpill spill = new MemorySpill();
        BoundedOutput out = new BoundedOutput(BUDGET, spill, null);
        write(out, "héllo".repeat(100)); // 600 bytes
        BoundedOutput.Captured captured = out.capture();
        assertEquals("héllo".repeat(100), captured.text());
        assertFalse(captured.truncated());
        assertNull(captured.file());
        assertEquals(0, spill.bytes.size(), "a stream within the budget is not spilled");
    }

    @Test
    void keepsHeadAndTailAroundOneMarkerLineWithinTheBudget() {
        MemorySpill spill = new MemorySpill();
        BoundedOutput out = new BoundedOutput(BUDGET, spill, null);
        StringBuilder all = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            String line = "line " + i + "\n";
            all.append(line);
            write(out, line);
        }
        BoundedOutput.Captured captured = out.capture();
        String text = captured.text();
        assertTrue(captured.truncated());
        assertTrue(text.getBytes(StandardCharsets.UTF_8).length <= BUDGET, text.length() + " bytes");
        assertTrue(text.startsWith("line 0\nline 1\n"), text);
        assertTrue(text.endsWith("line 1998\nline 1999\n"), text);
        long markers = text.lines().filter(l -> l.startsWith("[... ")).count();
        assertEquals(1, markers, text);
        String marker = text.lines().filter(l -> l.startsWith("[... ")).findFirst().orElseThrow();
        String head = text.substring(0, text.indexOf("[... "));
        String tail = text.substring(text.indexOf(marker) + marker.length() + 1);
        if (!all.toString().startsWith(head)) {
            head = head.substring(0, head.length() - 1); // the head ends mid-line: the marker got its own line
        }
        assertTrue(all.toString().startsWith(head) && all.toString().endsWith(tail), text);
        int left = all.length() - head.length() - tail.length();
        assertEquals("[... " + left + " bytes left out; all " + all.length() + " bytes are in .runs/r/stdout.txt ...]",
                marker);
        assertEquals(all.toString(), spill.bytes.toString(StandardCharsets.UTF_8), "the spill holds the whole stream");
        assertEquals(".runs/r/stdout.txt", captured.file());
    }

    /** What the model is given weighs no more than the budget: printed binary decodes to U+FFFD and JSON escapes. */
    @Test
    void printedBinaryIsCutToTheBudgetAsShownAndKeptWholeInTheSpill() {
        for (int length : new int[] {BUDGET - 24, 5000}) { // within the budget in bytes, and past it
          for (byte b : new byte[] {(byte) 0xFF, 0x01}) {
            MemorySpill spill = new MemorySpill();
            BoundedOutput out = new BoundedOutput(BUDGET, spill, null);
            byte[] binary = new byte[length];
            java.util.Arrays.fill(binary, b);
            out.write(binary, 0, binary.length);
            BoundedOutput.Captured captured = out.capture();
            byte[] shown = captured.text().getBytes(StandardCharsets.UTF_8);
            assertTrue(dev.codeexec.sandbox.Utf8.shownWeight(shown, 0, shown.length) <= BUDGET,
                    "byte " + b + ": " + shown.length + " bytes shown");
            assertTrue(captured.truncated(), "byte " + b);
            assertTrue(captured.text().contains("; all " + binary.length + " bytes are in .runs/r/stdout.txt ...]"),
                    captured.text());
            assertEquals(binary.length, spill.bytes.size(), "the spill holds the bytes as written");
          }
        }
    }

    @Test
    void bytesThatAreNotUtf8AreKeptAsWrittenAndSaidSo() {
        MemorySpill spill = new MemorySpill();
        BoundedOutput out = new BoundedOutput(BUDGET, spill, null);
        write(out, "ok ");
        out.write(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, 0, 4);
        BoundedOutput.Captured captured = out.capture();
        assertEquals("ok \uFFFDPNG\n[... bytes that are not UTF-8 show as U+FFFD; all 7 bytes as written are in "
                + ".runs/r/stdout.txt ...]\n", captured.text());
        assertFalse(captured.truncated());
        assertEquals(".runs/r/stdout.txt", captured.file());
        assertEquals(7, spill.bytes.size());
    }

    @Test
    void neverSplitsAMultiByteCharacterAtEitherCut() {
        BoundedOutput out = new BoundedOutput(BUDGET);
        write(out, "€".repeat(2000));
        String text = out.capture().text();
        assertFalse(text.contains("\uFFFD"), "no character was split: " + text);
        assertTrue(text.startsWith("€€€") && text.endsWith("€€€"), text);
    }

    /** Printed records are cut between lines: the model reads no fragment of a record on either side of the marker. */
    @Test
    void cutsBetweenLinesWhereLinesAreShort() {
        BoundedOutput out = new BoundedOutput(BUDGET);
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            String line = "{'id': " + i + ", 'name': 'user" + i + "', 'score': " + i * 1.5 + "}";
            lines.add(line);
            write(out, line + "\n");
        }
        String text = out.capture().text();
        List<String> kept = text.lines().filter(l -> !l.startsWith("[... ")).toList();
        assertEquals(1, text.lines().count() - kept.size(), text);
        assertTrue(lines.containsAll(kept), "every line kept is whole: " + text);
        assertEquals(lines.getFirst(), kept.getFirst());
        assertEquals(lines.getLast(), kept.getLast());
        assertTrue(text.endsWith("\n") && text.getBytes(StandardCharsets.UTF_8).length <= BUDGET, text);
    }

    /** The tail keeps a line that begins exactly where it does, and drops the fragment of one that began before. */
    @Test
    void theTailKeepsItsFirstLineOnlyWhenItIsWhole() {
        int tailBytes = dev.codeexec.sandbox.CutMarker.tailBytes(BUDGET);
        for (int lineBytes : new int[] {32, 33}) {
            BoundedOutput out = new BoundedOutput(BUDGET);
            write(out, "x".repeat(2000) + "\n");
            String line = "y".repeat(lineBytes - 1) + "\n";
            write(out, line.repeat(tailBytes / lineBytes + 2));
            String text = out.capture().text();
            String tail = text.substring(text.indexOf(" ...]\n") + 6);
            assertEquals(line.repeat(tailBytes / lineBytes), tail, "lines of " + lineBytes + " bytes");
        }
    }

    @Test
    void withoutASpillTheMarkerSaysOnlyHowMuchWasLeftOut() {
        BoundedOutput out = new BoundedOutput(BUDGET);
        write(out, "x".repeat(5000));
        String text = out.capture().text();
        assertTrue(text.contains("\n[... "), text);
        assertTrue(text.contains(" bytes left out of 5000 ...]\n"), text);
    }

    /** Without a file, the marker counts as the budget does: what the text weighs shown, escapes included. */
    @Test
    void withoutASpillTheMarkerCountsWhatTheBudgetCounts() {
        BoundedOutput out = new BoundedOutput(BUDGET);
        write(out, "\u0001".repeat(1000) + "\n");
        String text = out.capture().text();
        java.util.regex.Matcher marker = java.util.regex.Pattern
                .compile("\\n?\\[\\.\\.\\. (\\d+) bytes left out of (\\d+) \\.\\.\\.]\\n").matcher(text);
        assertTrue(marker.find(), text);
        assertEquals(6001, Long.parseLong(marker.group(2)), text);
        assertEquals(6001, Long.parseLong(marker.group(1)) + Utf8.shownLength(text.substring(0, marker.start()))
                + Utf8.shownLength(text.substring(marker.end())), text);
    }

    @Test
    void ignoresWritesAfterSealingButTakesHostNotes() {
        BoundedOutput out = new BoundedOutput(BUDGET);
        out.write('a');
        out.seal();
        out.write('b');
        out.note("!");
        assertEquals("a!", out.capture().text());
    }
}
