package dev.codeexec.sandbox.pool;

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

    /** @param capBytes bytes kept of each stream at most: the run's inline budget */
    RecordedOutput(int capBytes) {
        this.capBytes = capBytes;
    }

    synchronized void add(boolean toStderr, byte[] bytes) {
        ByteArrayOutputStream stream = toStderr ? stderr : stdout;
        stream.write(bytes, 0, Math.min(bytes.length, Math.max(0, capBytes - stream.size())));
    }

    synchronized String stdout() {
        return stdout.toString(StandardCharsets.UTF_8);
    }

    synchronized String stderr() {
        return stderr.toString(StandardCharsets.UTF_8);
    }
}
