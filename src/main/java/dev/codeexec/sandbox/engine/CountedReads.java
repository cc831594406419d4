package dev.codeexec.sandbox.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;

/** A read-only workspace file whose bytes read count toward the current run's intake. */
final class CountedReads implements SeekableByteChannel {

    private final SeekableByteChannel delegate;
    private final RunIntake intake;

    CountedReads(SeekableByteChannel delegate, RunIntake intake) {
        this.delegate = delegate;
        this.intake = intake;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        int n = delegate.read(dst);
        if (n > 0) {
            intake.read(n);
        }
        return n;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        return delegate.write(src);
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
