package dev.codeexec.sandbox.pool;

import dev.codeexec.Utf8Boundaries;
import dev.codeexec.sandbox.TerminalText;
import dev.codeexec.sandbox.Utf8;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What a run that does not stream had printed, as its worker recorded it to the server while it ran (the first
 * inline budget of each stream, up to a fraction of a second before now): the output a run keeps when its worker
 * dies under it, out of memory or killed past its deadline, instead of none. It keeps no more than that budget
 * whatever the worker sends: the worker is the sandbox, and the server takes no unbounded input from it.
 */
final class RecordedOutput {

    private final int capBytes;
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    /** A stream was sent past the budget (the worker records one byte more): what the run answers is cut. */
    private boolean cut;

    /** @param capBytes bytes kept of each stream at most: the run's inline budget */
    RecordedOutput(int capBytes) {
        this.capBytes = capBytes;
    }

    synchronized void add(boolean toStderr, byte[] bytes) {
        ByteArrayOutputStream stream = toStderr ? stderr : stdout;
        int room = Math.max(0, capBytes - stream.size());
        stream.write(bytes, 0, Math.min(bytes.length, room));
        cut |= bytes.length > room;
    }

    /** Whether a stream had more than the budget kept of it. */
    synchronized boolean cut() {
        return cut;
    }

    synchronized String stdout() {
        return text(stdout);
    }

    synchronized String stderr() {
        return text(stderr);
    }

    /**
     * The stream as a terminal shows it, as a finished run's inline text is. One cut at the budget ends on a whole
     * character: the cut may fall inside one, which showed as U+FFFD.
     */
    private String text(ByteArrayOutputStream stream) {
        byte[] bytes = stream.toByteArray();
        int end = bytes.length < capBytes ? bytes.length : Utf8Boundaries.wholeCharacterPrefix(bytes, bytes.length);
        byte[] shown = TerminalText.shape(bytes, 0, end);
        return new String(shown, StandardCharsets.UTF_8);
    }
}
