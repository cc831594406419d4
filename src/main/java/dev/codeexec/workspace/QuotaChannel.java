package dev.codeexec.workspace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;

/**
 * A writable channel that refuses, before any byte lands, a write that would make its file break a
 * quota. Checking before writing (not after) is what keeps a refused write from leaving half its
 * bytes behind.
 */
final class QuotaChannel implements SeekableByteChannel {

    private final SeekableByteChannel delegate;
    private final WorkspaceQuota quota;
    private final long otherBytes;
    private final boolean append;

    QuotaChannel(SeekableByteChannel delegate, WorkspaceQuota quota, long otherBytes, boolean append) {
        this.delegate = delegate;
        this.quota = quota;
        this.otherBytes = otherBytes;
        this.append = append;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        long size = delegate.size();
        long end = append ? size + src.remaining() : Math.max(size, delegate.position() + src.remaining());
        if (end > size) {
            quota.checkSize(end, otherBytes);
        }
        return delegate.write(src);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return delegate.read(dst);
    }

    @Override
    public long position() throws IOException {
        return delegate.position();
    }

    @Override
    public SeekableByteChannel position(long newPosition) throws IOException {
        delegate.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        return delegate.size();
    }

    @Override
    public SeekableByteChannel truncate(long size) throws IOException {
        delegate.truncate(size);
        return this;
    }

    @Override
    public boolean isOpen() {
        return delegate.isOpen();
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
