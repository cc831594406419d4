package dev.codeexec.sandbox;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Keeps the first {@code limit} bytes written to it and counts (but drops) the rest, so a guest that
 * floods its output costs memory for the limit only and never blocks.
 */
final class BoundedOutput extends OutputStream {

    private final int limit;
    private final ByteArrayOutputStream kept;
    private long total;

    BoundedOutput(int limit) {
        this.limit = limit;
        this.kept = new ByteArrayOutputStream(Math.min(limit, 8192));
    }

    @Override
    public synchronized void write(int b) {
        if (total < limit) {
            kept.write(b);
        }
        total++;
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        long room = limit - total;
        if (room > 0) {
            kept.write(b, off, (int) Math.min(room, len));
        }
        total += len;
    }

    synchronized boolean truncated() {
        return total > limit;
    }

    synchronized long totalBytes() {
        return total;
    }

    /**
     * The kept text, cut back to a whole UTF-8 character, with a marker when bytes were dropped.
     */
    synchronized String text() {
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
