package dev.codeexec.mcp;

import dev.codeexec.sandbox.RunHooks;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Counts a synchronous run's output and remembers its last line, for the progress notifications of a call that
 * asked for them; keeps at most {@value #MAX_LINE_BYTES} bytes of a line, never the output itself.
 */
final class OutputTally implements RunHooks.Output {

    static final int MAX_LINE_BYTES = 200;

    private long bytes;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private String lastLine = "";

    @Override
    public synchronized void write(boolean stderr, byte[] data, int offset, int length) {
        bytes += length;
        for (int i = offset; i < offset + length; i++) {
            if (data[i] == '\n') {
                if (line.size() > 0) {
                    lastLine = line.toString(StandardCharsets.UTF_8);
                    line.reset();
                }
            } else if (line.size() < MAX_LINE_BYTES) {
                line.write(data[i]);
            }
        }
    }

    synchronized long bytes() {
        return bytes;
    }

    /** The line being written, or the last one finished; empty before any output. */
    synchronized String lastLine() {
        return (line.size() > 0 ? line.toString(StandardCharsets.UTF_8) : lastLine).strip();
    }
}
