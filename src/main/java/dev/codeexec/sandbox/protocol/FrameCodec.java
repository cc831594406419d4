package dev.codeexec.sandbox.protocol;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Length-prefixed JSON frames over a worker's pipes: a 4-byte big-endian length, then that many
 * bytes of UTF-8 JSON. Each side reads with the limit of what its peer may legitimately send
 * ({@link FrameLimits}); a longer frame is refused from its length prefix, before any of it is read.
 */
public final class FrameCodec {

    /** A length prefix over the reader's limit. The frame's bytes are left unread and nothing was allocated. */
    public static final class FrameTooLarge extends IOException {
        private final long length;
        private final int limit;

        FrameTooLarge(long length, int limit) {
            super("frame of " + length + " bytes, over the limit of " + limit + " bytes");
            this.length = length;
            this.limit = limit;
        }

        public long length() {
            return length;
        }

        public int limit() {
            return limit;
        }
    }

    /** One frame read, with its size for metadata-only logs. */
    public record Frame<T>(T message, int bytes) {
    }

    private final ObjectMapper json = new ObjectMapper();
    private final DataInputStream in;
    private final DataOutputStream out;
    private final int maxReadBytes;

    public FrameCodec(InputStream in, OutputStream out, int maxReadBytes) {
        this.in = new DataInputStream(in);
        this.out = new DataOutputStream(out);
        this.maxReadBytes = maxReadBytes;
    }

    public byte[] encode(Object message) throws IOException {
        return json.writeValueAsBytes(message);
    }

    public void write(Object message) throws IOException {
        writeEncoded(encode(message));
    }

    public void writeEncoded(byte[] bytes) throws IOException {
        synchronized (out) {
            out.writeInt(bytes.length);
            out.write(bytes);
            out.flush();
        }
    }

    /** Reads the next frame; throws {@link java.io.EOFException} when the peer has gone. */
    public <T> T read(Class<T> type) throws IOException {
        return readFrame(type).message();
    }

    /** Reads the next frame; throws {@link FrameTooLarge} for a length over the limit (a negative one included). */
    public <T> Frame<T> readFrame(Class<T> type) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > maxReadBytes) {
            throw new FrameTooLarge(Integer.toUnsignedLong(length), maxReadBytes);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new Frame<>(json.readValue(bytes, type), length);
    }
}
