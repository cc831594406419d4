package dev.codeexec.sandbox.engine;

import dev.codeexec.sandbox.Utf8;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Keeps the first {@code limit} bytes written to it and counts (but drops) the rest, so a guest that
 * floods its output costs memory for the limit only and never blocks. A tap, when given, sees every byte
 * (kept or not) in order, for callers that watch a run's output live.
 */
public final class BoundedOutput extends OutputStream {

    /** Receives every byte written, under this stream's lock, so in order. */
    interface Tap {
        void write(byte[] bytes, int offset, int length);
    }

    private final int limit;
    private final Tap tap;
    private final ByteArrayOutputStream kept;
    private long total;
    /** Set when the execution is over: later writes by a guest that has not stopped yet are ignored without locking. */
    private volatile boolean sealed;

    public BoundedOutput(int limit) {
        this(limit, null);
    }

    BoundedOutput(int limit, Tap tap) {
        this.limit = limit;
        this.tap = tap;
        this.kept = new ByteArrayOutputStream(Math.min(limit, 8192));
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
        append(b);
    }

    private synchronized void append(int b) {
        if (total < limit) {
            kept.write(b);
        }
        total++;
        if (tap != null) {
            tap.write(new byte[] {(byte) b}, 0, 1);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (sealed) {
            return;
        }
        append(b, off, len);
    }

    private synchronized void append(byte[] b, int off, int len) {
        long room = limit - total;
        if (room > 0) {
            kept.write(b, off, (int) Math.min(room, len));
        }
        total += len;
        if (tap != null) {
            tap.write(b, off, len);
        }
    }

    synchronized boolean truncated() {
        return total > limit;
    }

    synchronized long totalBytes() {
        return total;
    }

    /** Appends a note from the host (a timeout message) even after sealing. */
    void note(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        append(bytes, 0, bytes.length);
    }

    /**
     * The kept text, cut back to a whole UTF-8 character, with a marker when bytes were dropped.
     */
    public synchronized String text() {
        byte[] bytes = kept.toByteArray();
        if (!truncated()) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        int end = Utf8.wholeCharacterPrefix(bytes, bytes.length);
        return new String(bytes, 0, end, StandardCharsets.UTF_8)
                + "\n[output truncated: " + (total - end) + " of " + total + " bytes dropped, limit is "
                + limit + " bytes]\n";
    }
}
