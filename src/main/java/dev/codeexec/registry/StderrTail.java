package dev.codeexec.registry;

import java.util.ArrayDeque;

/**
 * A stdio server's last lines on stderr, for the caller when it dies. Never logged: a server's stderr may echo the
 * data it was given.
 */
final class StderrTail {

    private static final int LINES = 3;
    private static final int LINE_CHARS = 200;

    private final ArrayDeque<String> lines = new ArrayDeque<>();

    synchronized void heard(String line) {
        if (lines.size() == LINES) {
            lines.removeFirst();
        }
        lines.addLast(line.length() > LINE_CHARS ? line.substring(0, LINE_CHARS) + "..." : line);
    }

    /** A new process of the server: what the last one said is no longer its. */
    synchronized void clear() {
        lines.clear();
    }

    /** The lines as a message's ending, or "" when the server said nothing. */
    synchronized String lastWords() {
        return lines.isEmpty() ? "" : " (its last words on stderr: " + String.join(" | ", lines) + ")";
    }
}
