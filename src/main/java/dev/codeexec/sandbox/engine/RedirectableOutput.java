package dev.codeexec.sandbox.engine;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A context's stdout or stderr. A context is built (and warmed) before anyone asks for it, so its
 * streams are fixed then; this indirection lets each execution collect into a buffer of its own.
 */
final class RedirectableOutput extends OutputStream {
    private volatile OutputStream target = OutputStream.nullOutputStream();

    void redirectTo(OutputStream newTarget) {
        target = newTarget;
    }

    @Override
    public void write(int b) throws IOException {
        target.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        target.write(b, off, len);
    }
}
