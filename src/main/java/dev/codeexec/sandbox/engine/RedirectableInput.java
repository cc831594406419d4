package dev.codeexec.sandbox.engine;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

/** A context's stdin: empty until an execution hands it the caller's bytes, never the host's stdin. */
final class RedirectableInput extends InputStream {
    private volatile InputStream source = InputStream.nullInputStream();

    void feed(byte[] bytes) {
        source = new ByteArrayInputStream(bytes);
    }

    @Override
    public int read() throws java.io.IOException {
        return source.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws java.io.IOException {
        return source.read(b, off, len);
    }

    @Override
    public int available() throws java.io.IOException {
        return source.available();
    }
}
