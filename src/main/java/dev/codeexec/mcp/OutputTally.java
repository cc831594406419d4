package dev.codeexec.mcp;

import dev.codeexec.Utf8Boundaries;
import dev.codeexec.sandbox.RunHooks;
import dev.codeexec.sandbox.TerminalText;
import dev.codeexec.sandbox.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Counts a synchronous run's output and remembers its last line, for the progress notifications of a call that
 * asked for them; keeps at most {@value #MAX_LINE_BYTES} bytes of a line per stream, never the output itself.
 *
 * <p>The last line is the one a user watching the terminal sees last: each stream's lines are read apart, as a
 * terminal shows them ({@link TerminalText}: a bar redrawn with '\r' is its latest state, no escape sequences), and
 * the line reported is that of the stream written to last. Read as one, a bar on stderr and a print on stdout were
 * spliced into one line that neither stream wrote.
 */
final class OutputTally implements RunHooks.Output {

    static final int MAX_LINE_BYTES = 200;

    private long bytes;
    private final Lines stdout = new Lines();
    private final Lines stderr = new Lines();
    private Lines last;

    @Override
    public synchronized void write(boolean toStderr, byte[] data, int offset, int length) {
        if (length == 0) {
            return;
        }
        bytes += length;
        last = toStderr ? stderr : stdout;
        last.text.write(data, offset, length);
    }

    synchronized long bytes() {
        return bytes;
    }

    /** The line being written, or the last one finished, of the stream written to last; empty before any output. */
    synchronized String lastLine() {
        return last == null ? "" : last.line();
    }

    /** One stream's last line: the first {@value #MAX_LINE_BYTES} bytes of it. */
    private static final class Lines {
        private final TerminalText text = new TerminalText(MAX_LINE_BYTES, this::shaped);
        private byte[] finished = new byte[0];
        /** The next bytes shaped begin a line; false while the rest of a line longer than the bound goes by. */
        private boolean lineStart = true;

        /** Whole lines, or the first bound's worth of a longer one followed by the rest of it in pieces. */
        private void shaped(byte[] b, int off, int len) {
            int end = b[off + len - 1] == '\n' ? len - 1 : len;
            if (end < len && end > 0 && b[off + end - 1] == '\r') {
                end--; // "\r\n": the return ends the line with the newline, and an empty line is one
            }
            if (lineStart && end > 0) {
                finished = Arrays.copyOfRange(b, off, off + end);
            }
            lineStart = end < len;
        }

        String line() {
            byte[] current = text.current();
            byte[] shown = lineStart && current.length > 0 ? current : finished;
            // A cut at the bound can fall inside a character, which decoded as U+FFFD.
            int whole = Utf8Boundaries.wholeCharacterPrefix(shown, shown.length);
            return new String(shown, 0, whole, StandardCharsets.UTF_8).strip();
        }
    }
}
