package dev.codeexec;

import java.util.ArrayDeque;

/** A process's last lines on stderr, for the message that reports it died or did not start. */
public final class StderrTail {

    private static final int LINES = 3;
    private static final int LINE_CHARS = 200;

    private final ArrayDeque<String> lines = new ArrayDeque<>();

    public synchronized void heard(String line) {
        if (lines.size() == LINES) {
            lines.removeFirst();
        }
        lines.addLast(line.length() > LINE_CHARS ? line.substring(0, LINE_CHARS) + "..." : line);
    }

    /** A new process: what the last one said is no longer its. */
    public synchronized void clear() {
        lines.clear();
    }

    /** The lines as a message's ending, or "" when the process said nothing. */
    public synchronized String lastWords() {
        return lines.isEmpty() ? "" : " (its last words on stderr: " + String.join(" | ", lines) + ")";
    }
}
