package dev.codeexec.sandbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Length-prefixed JSON frames over a worker's pipes: a 4-byte big-endian length, then that many
 * bytes of UTF-8 JSON. A length above the cap means the stream is corrupt and the peer is dropped.
 */
final class FrameCodec {

    /** Code and stdin are 1 MiB each and output 1 MiB per stream; JSON escaping can grow them up to 6x. */
    static final int MAX_FRAME_BYTES = 64 << 20;

    private final ObjectMapper json = new ObjectMapper();
    private final DataInputStream in;
    private final DataOutputStream out;

    FrameCodec(InputStream in, OutputStream out) {
        this.in = new DataInputStream(in);
        this.out = new DataOutputStream(out);
    }

    void write(Object message) throws IOException {
        byte[] bytes = json.writeValueAsBytes(message);
        synchronized (out) {
            out.writeInt(bytes.length);
            out.write(bytes);
            out.flush();
        }
    }

    /** Reads the next frame; throws {@link java.io.EOFException} when the peer has gone. */
    <T> T read(Class<T> type) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_FRAME_BYTES) {
            throw new IOException("corrupt frame length " + length);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return json.readValue(bytes, type);
    }
}
