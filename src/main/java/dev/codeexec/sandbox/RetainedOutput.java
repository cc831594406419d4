package dev.codeexec.sandbox;

import dev.codeexec.InvalidInputException;
import dev.codeexec.Utf8Boundaries;
import java.nio.charset.StandardCharsets;

/**
 * One stream of a background run: the most recent {@code capacity} bytes in a ring, addressed by absolute byte
 * offsets from the start of the stream, so a reader pages through it with an offset of its own and learns when
 * older bytes were dropped. Memory grows with the output up to the capacity, never beyond.
 */
final class RetainedOutput {

    /** A page of text: it ends on a character boundary, so a multi-byte character is never split between pages. */
    record Page(String text, long nextOffset, boolean hasMore, boolean dropped) {
    }

    private final int capacity;
    private byte[] ring;
    /** Index of the oldest kept byte in the ring. */
    private int head;
    private int size;
    private long total;

    RetainedOutput(int capacity) {
        this.capacity = capacity;
        this.ring = new byte[Math.min(capacity, 4096)];
    }

    synchronized void append(byte[] bytes, int offset, int length) {
        total += length;
        if (length >= capacity) {
            ring = ring.length == capacity ? ring : new byte[capacity];
            System.arraycopy(bytes, offset + length - capacity, ring, 0, capacity);
            head = 0;
            size = capacity;
            return;
        }
        if (ring.length < capacity && size + length > ring.length) {
            // Still growing: the kept bytes start at index 0 until the ring reaches its capacity.
            byte[] bigger = new byte[(int) Math.min(capacity, Math.max((long) ring.length * 2, size + length))];
            copyOut(0, bigger, size);
            ring = bigger;
            head = 0;
        }
        int overflow = size + length - ring.length;
        if (overflow > 0) {
            head = (head + overflow) % ring.length;
            size -= overflow;
        }
        int tail = (head + size) % ring.length;
        int first = Math.min(length, ring.length - tail);
        System.arraycopy(bytes, offset, ring, tail, first);
        System.arraycopy(bytes, offset + first, ring, 0, length - first);
        size += length;
    }

    /** Bytes written to the stream so far, kept or not. */
    synchronized long total() {
        return total;
    }

    /**
     * Up to {@code maxBytes} bytes from {@code offset}, or from the oldest kept byte when older ones were dropped.
     * A character cut by the page size, or not yet complete while the stream goes on, is left for the next page;
     * once the stream is {@code complete}, its last bytes are returned whatever they are.
     *
     * @throws InvalidInputException when {@code offset} lies beyond what the stream has written
     */
    synchronized Page page(String field, long offset, int maxBytes, boolean complete) {
        if (offset < 0 || offset > total) {
            throw new InvalidInputException(field, "must be between 0 and " + total
                    + " (the bytes written so far), got " + offset);
        }
        long first = total - size;
        boolean dropped = offset < first;
        long start = Math.max(offset, first);
        if (dropped) {
            // The oldest kept byte may be inside a character: start at the next whole one.
            while (start < total && start - first < 3 && Utf8Boundaries.isContinuation(at(start))) {
                start++;
            }
        } else if (start < total && Utf8Boundaries.isContinuation(at(start))) {
            // Decoded from there, the page began with replacement characters for the character's tail.
            throw new InvalidInputException(field, offset + " falls inside a multi-byte UTF-8 character; start at "
                    + "a character boundary (the next offset a page gave)");
        }
        int available = (int) (total - start);
        int n = Math.min(available, maxBytes);
        byte[] bytes = new byte[n];
        copyOut((int) (start - first), bytes, n);
        int whole = n < available || !complete ? Utf8Boundaries.wholeCharacterPrefix(bytes, n) : n;
        // The page keeps to maxBytes as the model is given it: printed binary decodes to more than its bytes.
        int shown = Utf8.prefixShownWithin(bytes, 0, whole, maxBytes);
        if (shown == 0 && whole > 0) {
            shown = Math.max(1, Utf8.wellFormed(bytes, 0, whole)); // a page always moves on
        }
        return new Page(new String(bytes, 0, shown, StandardCharsets.UTF_8), start + shown,
                n < available || shown < whole, dropped);
    }

    /** Every kept byte of a complete stream. */
    synchronized String all(String field) {
        return page(field, 0, capacity, true).text();
    }

    /** Bytes this stream can hold at most: what a run reserves of its tenant's budget for it. */
    int capacity() {
        return capacity;
    }

    private byte at(long offset) {
        return ring[(int) ((head + (offset - (total - size))) % ring.length)];
    }

    /** Copies {@code n} kept bytes, starting {@code from} bytes after the oldest, into {@code target}. */
    private void copyOut(int from, byte[] target, int n) {
        int start = (head + from) % ring.length;
        int first = Math.min(n, ring.length - start);
        System.arraycopy(ring, start, target, 0, first);
        System.arraycopy(ring, 0, target, first, n - first);
    }
}
