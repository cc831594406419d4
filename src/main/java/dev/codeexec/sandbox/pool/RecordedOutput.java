package dev.codeexec.sandbox.pool;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * What a run that does not stream had printed, as its worker recorded it to the server while it ran (the first
 * inline budget of each stream, up to a fraction of a second before now): the output a run keeps when its worker
 * dies under it, out of memory or killed past its deadline, instead of none.
 */
final class RecordedOutput {

    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

    synchronized void add(boolean toStderr, byte[] bytes) {
        (toStderr ? stderr : stdout).writeBytes(bytes);
    }

    synchronized String stdout() {
        return stdout.toString(StandardCharsets.UTF_8);
    }

    synchronized String stderr() {
        return stderr.toString(StandardCharsets.UTF_8);
    }
}
