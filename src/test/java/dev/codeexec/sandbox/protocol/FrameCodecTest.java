package dev.codeexec.sandbox.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Frames up to the reader's limit are read; a longer one is refused from its length prefix alone. */
class FrameCodecTest {

    static final int LIMIT = 64;

    private static byte[] frame(int declaredLength, byte[] body) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(declaredLength);
        out.write(body);
        return bytes.toByteArray();
    }

    /** A JSON list padded with spaces to exactly {@code length} bytes. */
    private static byte[] jsonOf(int length) {
        return ("[1]" + " ".repeat(length - 3)).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void readsAFrameOfExactlyTheLimit() throws IOException {
        FrameCodec codec = new FrameCodec(new ByteArrayInputStream(frame(LIMIT, jsonOf(LIMIT))),
                OutputStream.nullOutputStream(), LIMIT);
        FrameCodec.Frame<List> frame = codec.readFrame(List.class);
        assertEquals(List.of(1), frame.message());
        assertEquals(LIMIT, frame.bytes());
    }

    @Test
    void refusesALongerFrameWithoutReadingItsBody() throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(frame(LIMIT + 1, jsonOf(LIMIT + 1)));
        FrameCodec codec = new FrameCodec(in, OutputStream.nullOutputStream(), LIMIT);
        FrameCodec.FrameTooLarge refused = assertThrows(FrameCodec.FrameTooLarge.class, () -> codec.readFrame(List.class));
        assertEquals(LIMIT + 1, refused.length());
        assertEquals(LIMIT, refused.limit());
        assertEquals(LIMIT + 1, in.available(), "the reader consumed more than the length prefix");
    }

    @Test
    void aNegativeLengthIsTooLargeNotAnAllocation() throws IOException {
        FrameCodec codec = new FrameCodec(new ByteArrayInputStream(frame(-1, new byte[0])),
                OutputStream.nullOutputStream(), LIMIT);
        FrameCodec.FrameTooLarge refused = assertThrows(FrameCodec.FrameTooLarge.class, () -> codec.readFrame(List.class));
        assertEquals(0xFFFF_FFFFL, refused.length());
    }

    @Test
    void whatOneSideWritesTheOtherReads() throws IOException {
        ByteArrayOutputStream pipe = new ByteArrayOutputStream();
        new FrameCodec(InputStream.nullInputStream(), pipe, LIMIT).write(List.of("a", 2));
        FrameCodec reader = new FrameCodec(new ByteArrayInputStream(pipe.toByteArray()), OutputStream.nullOutputStream(),
                LIMIT);
        assertEquals(List.of("a", 2), reader.read(List.class));
    }
}
