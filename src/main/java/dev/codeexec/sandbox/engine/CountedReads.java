package dev.codeexec.sandbox.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;

/** A read-only workspace file whose bytes read count toward the current run's intake. */
final class CountedReads extends ForwardingChannel {

    private final RunIntake intake;

    CountedReads(SeekableByteChannel delegate, RunIntake intake) {
        super(delegate);
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
}
