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
            // A carriage return starts the line over, as a terminal shows it: a progress bar redrawn with '\r'
            // was otherwise one line whose first 200 bytes (its 0%) every notification repeated.
            if (data[i] == '\n' || data[i] == '\r') {
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
