package dev.codeexec.sandbox.engine;

import dev.codeexec.Utf8Boundaries;
import dev.codeexec.sandbox.CutMarker;
import dev.codeexec.sandbox.TerminalText;
import dev.codeexec.sandbox.Utf8;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One output stream of a run, bounded by its inline budget. The inline copy is the stream as a terminal shows it
 * ({@link TerminalText}: carriage-return overwrites and escape sequences gone), and the budget holds for that: all of
 * it while it fits, then its head and its tail, which {@link #capture} joins with one marker line saying how many
 * bytes were left out and where the whole stream went. Every byte as written also goes, in order, to the
 * {@link Spill} (from the first byte, once the stream outgrows the budget) and to the tap of a caller watching the
 * run live. Memory stays within three times the budget whatever the guest writes (the bytes as written, the shaped
 * head and tail, a line being shaped), and a write never blocks on anything but the spill file.
 */
public final class BoundedOutput extends OutputStream {

    /** Receives every byte written, under this stream's lock, so in order. */
    interface Tap {
        void write(byte[] bytes, int offset, int length);
    }

    /** Where the whole stream goes once it is longer than the inline budget. */
    interface Spill {
        void write(byte[] bytes, int offset, int length);

        Spilled close();
    }

    /**
     * What a spill kept: {@code path} (workspace-relative) of the file holding the first {@code bytes} of the stream,
     * {@code capped} when the stream went on past the spill cap, or {@code refusal} when no file was kept;
     * {@code text} when the file is UTF-8 text.
     */
    record Spilled(String path, long bytes, boolean capped, String refusal, boolean text) {
        static final Spilled NONE = new Spilled(null, 0, false, null, true);
    }

    /**
     * A stream as the caller gets it: the inline text, the file (or null) holding all of it as written and whether
     * that file is UTF-8 text, and what the whole stream weighs as a terminal shows it and a tool result carries it
     * ({@link Utf8#shownWeight}, the unit of the inline budget).
     */
    public record Captured(String text, boolean truncated, String file, boolean fileIsText, long spilledBytes,
            long weight) {
    }

    private final int budget;
    private final int headBytes;
    private final Spill spill;
    private final Tap tap;
    /** The stream as written while it fits the budget, which the spill starts with once it does not; then empty. */
    private final ByteArrayOutputStream written;
    /** Turns what is written into what a terminal shows, which goes to {@link #first} and the tail. */
    private final TerminalText shaping;
    /** The whole shaped stream while it fits the budget; afterwards its head. */
    private final ByteArrayOutputStream first;
    /**
     * The last {@code tail.length} bytes of the stream, a ring ending at {@code tailEnd}: the tail's bytes and the one
     * before them.
     */
    private final byte[] tail;
    private int tailEnd;
    /** Bytes written. */
    private long total;
    /** Bytes of the shaped stream. */
    private long shownTotal;
    /** What the shaped stream weighs shown. */
    private final Utf8.Scan shownScan = new Utf8.Scan();
    private Captured captured;
    /** Set when the execution is over: later writes by a guest that has not stopped yet are ignored without locking. */
    private volatile boolean sealed;

    /** Inline output only: past {@code budget} the middle is left out and kept nowhere. */
    public BoundedOutput(int budget) {
        this(budget, null, null);
    }

    BoundedOutput(int budget, Spill spill, Tap tap) {
        if (budget < 2 * CutMarker.MAX_BYTES) {
            throw new IllegalArgumentException("inline budget " + budget + " is under " + 2 * CutMarker.MAX_BYTES
                    + " bytes");
        }
        this.budget = budget;
        this.headBytes = CutMarker.headBytes(budget);
        this.tail = new byte[CutMarker.tailBytes(budget) + 1];
        this.spill = spill;
        this.tap = tap;
        this.first = new ByteArrayOutputStream(Math.min(budget, 8192));
        this.written = new ByteArrayOutputStream(Math.min(budget, 8192));
        this.shaping = new TerminalText(budget, this::keep);
    }

    /** Stops accepting writes, so that reading the result never waits behind a guest still writing. */
    void seal() {
        sealed = true;
    }

    @Override
    public void write(int b) {
        if (sealed) {
            return;
        }
        append(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (sealed) {
            return;
        }
        append(b, off, len);
    }

    /**
     * Writes the spill file out and closes it now: a run being stopped is about to have its files closed, the
     * spill's among them, and its last block written after that was lost with the whole file. What the stream gets
     * afterwards (the host's note) stays inline only.
     */
    synchronized void closeSpill() {
        if (spill != null) {
            shaping.finish();
            byte[] shown = first.toByteArray();
            if (total <= budget && (heavy(shown) || lossy(shown))) {
                spill.write(written.toByteArray(), 0, written.size());
            }
            spill.close();
        }
    }

    /**
     * Whether a shaped stream within the budget in bytes weighs more than the budget shown (printed binary): it is
     * cut as a longer one is, and goes to the spill whole.
     */
    private boolean heavy(byte[] shown) {
        return shownTotal <= budget && Utf8.shownWeight(shown, 0, shown.length) > budget;
    }

    /**
     * Whether a shaped stream within the budget holds bytes that are not UTF-8, which show as U+FFFD: it goes to the
     * spill too, so they are kept as written.
     */
    private boolean lossy(byte[] shown) {
        return shownTotal <= budget && !Utf8.isWellFormed(shown, 0, shown.length);
    }

    /** Appends a note from the host (a timeout message) even after sealing. */
    void note(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        append(bytes, 0, bytes.length);
    }

    private synchronized void append(byte[] b, int off, int len) {
        if (captured != null || len == 0) {
            return;
        }
        if (total + len <= budget) {
            written.write(b, off, len);
        } else {
            if (total <= budget && spill != null) {
                // The stream just outgrew the budget: the spill starts with what was kept so far.
                spill.write(written.toByteArray(), 0, written.size());
            }
            written.reset();
            if (spill != null) {
                spill.write(b, off, len);
            }
        }
        total += len;
        shaping.write(b, off, len);
        if (tap != null) {
            tap.write(b, off, len);
        }
    }

    /** Keeps shaped bytes: all of them while they fit the budget, then the head and the tail ring. */
    private void keep(byte[] b, int off, int len) {
        if (shownTotal + len <= budget) {
            first.write(b, off, len);
        } else if (first.size() > headBytes) {
            byte[] head = first.toByteArray();
            first.reset();
            first.write(head, 0, headBytes);
        } else if (first.size() < headBytes) {
            first.write(b, off, Math.min(len, headBytes - first.size()));
        }
        remember(b, off, len);
        shownTotal += len;
        shownScan.add(b, off, len);
    }

    /** Keeps the newest bytes in the tail ring. */
    private void remember(byte[] b, int off, int len) {
        int skip = Math.max(0, len - tail.length);
        for (int i = off + skip; i < off + len; ) {
            int n = Math.min(off + len - i, tail.length - tailEnd);
            System.arraycopy(b, i, tail, tailEnd, n);
            tailEnd = (tailEnd + n) % tail.length;
            i += n;
        }
    }

    /**
     * Ends the stream (later writes are ignored) and closes its spill; the same answer every time. The budget holds
     * for the text as shown ({@link Utf8#shownWeight}): a stream within it in bytes that weighs more (printed binary)
     * is cut as a longer one is.
     */
    public synchronized Captured capture() {
        if (captured != null) {
            return captured;
        }
        shaping.finish();
        byte[] head = first.toByteArray();
        boolean whole = shownTotal <= budget;
        boolean heavy = heavy(head);
        boolean lossy = !heavy && lossy(head);
        if (spill != null && total <= budget && (heavy || lossy)) {
            // A spill already closed (the run was stopped) takes nothing more.
            spill.write(written.toByteArray(), 0, written.size());
        }
        Spilled spilled = spill == null ? Spilled.NONE : spill.close();
        if (whole && !heavy) {
            String text = head.length == 0 ? "" : new String(head, StandardCharsets.UTF_8);
            if (lossy && spilled.path() != null) {
                text += (text.endsWith("\n") ? "" : "\n") + "[... bytes that are not UTF-8 show as U+FFFD; all " + total
                        + " bytes as written are in " + spilled.path() + " ...]\n";
            }
            // Shaping kept what a terminal shows of a longer stream (a progress bar's overwrites): nothing the model
            // would have read is cut, and stdout_file names the stream as written.
            captured = lossy || total > budget
                    ? new Captured(text, false, spilled.path(), spilled.text(), spilled.bytes(), shownScan.weight())
                    : new Captured(text, false, null, true, 0, shownScan.weight());
            return captured;
        }
        int headCut = Utf8Boundaries.wholeCharacterPrefix(head, Math.min(head.length, headBytes));
        int headEnd = CutMarker.lineHeadEnd(i -> head[i] == '\n',
                Utf8.prefixShownWithin(head, 0, headCut, headBytes));
        // The ring holds one byte more than the tail: the byte before it says whether the tail begins a line.
        byte[] last = tailBytes();
        int tailStart = Math.min(1, last.length - 1);
        while (tailStart < Math.min(4, last.length) && Utf8Boundaries.isContinuation(last[tailStart])) {
            tailStart++;
        }
        tailStart = CutMarker.lineTailStart(i -> last[i] == '\n',
                Utf8.suffixShownWithin(last, tailStart, last.length, tail.length - 1), last.length);
        long leftBytes = shownTotal - headEnd - (last.length - tailStart);
        long leftShown = shownScan.weight() - Utf8.shownWeight(head, 0, headEnd)
                - Utf8.shownWeight(last, tailStart, last.length);
        String text = new String(head, 0, headEnd, StandardCharsets.UTF_8)
                + marker(headEnd > 0 && head[headEnd - 1] != '\n', leftBytes, leftShown, spilled)
                + new String(last, tailStart, last.length - tailStart, StandardCharsets.UTF_8);
        captured = new Captured(text, true, spilled.path(), spilled.text(), spilled.bytes(), shownScan.weight());
        return captured;
    }

    private byte[] tailBytes() {
        int kept = (int) Math.min(shownTotal, tail.length);
        byte[] out = new byte[kept];
        int start = Math.floorMod(tailEnd - kept, tail.length);
        int n = Math.min(kept, tail.length - start);
        System.arraycopy(tail, start, out, 0, n);
        System.arraycopy(tail, 0, out, n, kept - n);
        return out;
    }

    /**
     * The one line between head and tail. Naming a file, it counts bytes, as the file's size does; without one, it
     * counts as the budget does (what the text weighs shown), so that its "of N" is over the budget exactly when the
     * stream was cut: in bytes, 1,000 printed control characters were cut at a 1 KiB budget "... of 1001".
     */
    private String marker(boolean newlineFirst, long leftBytes, long leftShown, Spilled spilled) {
        if (spilled.path() != null) {
            String where = spilled.bytes() < total
                    ? "; the first " + spilled.bytes() + " of " + total + " bytes are in " + spilled.path()
                        + (spilled.capped() ? " (spill cap)" : "")
                    : "; all " + total + " bytes are in " + spilled.path();
            return CutMarker.line(newlineFirst, leftBytes, where);
        }
        String of = " of " + shownScan.weight();
        return CutMarker.line(newlineFirst, leftShown, spilled.refusal() == null ? of
                : of + "; not saved: " + spilled.refusal());
    }
}
