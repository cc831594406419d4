package dev.codeexec.sandbox.protocol;

import dev.codeexec.sandbox.HostBridge;
import dev.codeexec.sandbox.ProducedFile;
import dev.codeexec.workspace.WorkspaceRoot;

/**
 * The largest frame each side of the worker channel may legitimately send, so a reader can refuse a larger
 * one from its length prefix alone. JSON escaping turns one byte of a string into at most 6 ({@code \u0001}).
 */
public final class FrameLimits {
    private FrameLimits() {
    }

    /**
     * Server to worker: code and stdin (1 MiB each, escaped) and bridge replies, which the server writes itself and
     * bounds ({@link HostBridge#MAX_REPLY_CHARS}, at most 3 bytes a character in a frame). Only a corrupt stream goes
     * past it.
     */
    public static final int TO_WORKER_BYTES = 64 << 20;
    /** Room for what surrounds the bounded parts: field names, ids, flags, service and method names, build times. */
    static final int ENVELOPE_BYTES = 64 << 10;
    /**
     * A bridge call: its args are the guest's {@code json.dumps} text, ASCII without control characters, so
     * escaping it for the frame at most doubles it (only quotes and backslashes grow). The worker refuses a
     * larger call itself, whatever a guest passed.
     */
    public static final int BRIDGE_CALL_BYTES = 2 * HostBridge.MAX_ARGS_CHARS + ENVELOPE_BYTES;
    private static final int ESCAPED_BYTES_PER_BYTE = 6;
    /** The report beside a result: the files it lists and the two spill files, each path at most 3 bytes a char. */
    static final int REPORT_BYTES = (ProducedFile.MAX_LISTED + 2) * ESCAPED_BYTES_PER_BYTE * 3
            * WorkspaceRoot.MAX_PATH_CHARS;
    /** Java cannot allocate an array this close to Integer.MAX_VALUE; no frame gets near it anyway. */
    private static final int LARGEST_ARRAY = Integer.MAX_VALUE - 8;

    /** A finished result: stdout and stderr of up to {@code outputLimitBytes} each (marker included), escaped, and its report. */
    static int resultBytes(int outputLimitBytes) {
        long escaped = 2L * ESCAPED_BYTES_PER_BYTE * outputLimitBytes + ENVELOPE_BYTES + REPORT_BYTES;
        return (int) Math.min(escaped, LARGEST_ARRAY);
    }

    /** Worker to server: the larger of a bridge call and a finished result; anything larger breaks the protocol. */
    public static int fromWorker(int outputLimitBytes) {
        return Math.max(BRIDGE_CALL_BYTES, resultBytes(outputLimitBytes));
    }
}
