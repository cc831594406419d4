package dev.codeexec.sandbox.engine;

import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;

/**
 * {@code /dev/null} as guest code meets it ({@code open(os.devnull, "w")} to silence output): writes are taken and
 * dropped, reads find the end at once, and the position stays 0 whatever is written or sought, as Linux's device
 * answers. Served here, so the host's device is never opened and nothing reaches the workspace or its quota.
 */
final class NullDevice implements SeekableByteChannel {

    static final Path PATH = Path.of("/dev/null");

    private boolean open = true;

    /** Whether {@code absolute}, a normalised absolute path, names the null device. */
    static boolean is(Path absolute) {
        return absolute.equals(PATH);
    }

    @Override
    public int read(ByteBuffer destination) throws ClosedChannelException {
        requireOpen();
        return -1;
    }

    @Override
    public int write(ByteBuffer source) throws ClosedChannelException {
        requireOpen();
        int taken = source.remaining();
        source.position(source.limit());
        return taken;
    }

    /** Always its end, 0, as Linux's device answers every seek. */
    @Override
    public long position() throws ClosedChannelException {
        return size();
    }

    @Override
    public SeekableByteChannel position(long newPosition) throws ClosedChannelException {
        requireOpen();
        if (newPosition < 0) {
            throw new IllegalArgumentException("negative position: " + newPosition);
        }
        return this;
    }

    @Override
    public long size() throws ClosedChannelException {
        requireOpen();
        return 0;
    }

    @Override
    public SeekableByteChannel truncate(long size) throws ClosedChannelException {
        requireOpen();
        return this;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() {
        open = false;
    }

    private void requireOpen() throws ClosedChannelException {
        if (!open) {
            throw new ClosedChannelException();
        }
    }
}
