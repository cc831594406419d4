package dev.codeexec.sandbox;

/**
 * Shapes an output stream, fed in pieces, into what a terminal leaves on screen, for the inline copy a model reads:
 * within a line a carriage return starts over, so only the last non-empty overwrite is kept (a tqdm-style bar
 * redrawn a thousand times is one line, not a thousand states), and ANSI escape sequences (CSI colours and cursor
 * moves, OSC titles and hyperlinks, the other ESC sequences) are dropped, since a model reads them as noise. Every
 * other byte passes through as written, multi-byte characters and invalid bytes included. The spilled copy of a
 * stream never goes through here: it stays byte-exact.
 *
 * <p>Memory is bounded by {@code maxLine}: a line's current overwrite longer than that is passed on as it stands (it
 * could not fit an inline budget anyway), and a later carriage return then overwrites only what followed it.
 */
public final class TerminalText {

    /** Receives the shaped bytes, in order. */
    public interface Sink {
        void write(byte[] bytes, int offset, int length);
    }

    private enum Escape {
        NONE, ESC, CSI, STRING, STRING_ESC, INTERMEDIATE
    }

    private static final byte ESC = 0x1B;
    private static final byte BEL = 0x07;

    private final Sink sink;
    private final int maxLine;
    /** The current line as it stands, room for its end included; grown on demand, most lines are short. */
    private byte[] line = new byte[128];
    private int length;
    /** A carriage return came: the next byte shown starts the line over ("\r\n" keeps the line, as written). */
    private boolean overwrite;
    private Escape escape = Escape.NONE;

    /** @param maxLine bytes of one line held back at most, at least 1 */
    public TerminalText(int maxLine, Sink sink) {
        if (maxLine < 1) {
            throw new IllegalArgumentException("maxLine must be at least 1, got " + maxLine);
        }
        this.maxLine = maxLine;
        this.sink = sink;
    }

    /** The shaped text of a whole stream. */
    public static byte[] shape(byte[] bytes, int offset, int length) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(length);
        TerminalText text = new TerminalText(Math.max(1, length), out::write);
        text.write(bytes, offset, length);
        text.finish();
        return out.toByteArray();
    }

    public void write(byte[] bytes, int offset, int count) {
        for (int i = offset; i < offset + count; i++) {
            take(bytes[i]);
        }
    }

    /**
     * The line in progress as it stands (a bar being redrawn shows its latest state until the next byte replaces it);
     * empty between lines. Never more than {@code maxLine} bytes.
     */
    public byte[] current() {
        return java.util.Arrays.copyOf(line, length);
    }

    /** Passes on the line in progress, as a terminal shows it at the end; later writes go on from a fresh line state. */
    public void finish() {
        if (length > 0) {
            sink.write(line, 0, length);
        }
        length = 0;
        overwrite = false;
        escape = Escape.NONE;
    }

    private void take(byte b) {
        int c = b & 0xFF;
        switch (escape) {
            case ESC -> {
                // ECMA-48: '[' opens a control sequence; ']', 'P', 'X', '^', '_' a string ended by BEL or ESC '\';
                // intermediates (0x20-0x2F) precede a final byte, as in ESC ( B; any other final byte ends it.
                escape = c == '[' ? Escape.CSI
                        : c == ']' || c == 'P' || c == 'X' || c == '^' || c == '_' ? Escape.STRING
                        : c >= 0x20 && c <= 0x2F ? Escape.INTERMEDIATE
                        : Escape.NONE;
                if (escape == Escape.NONE && (c < 0x30 || c > 0x7E)) {
                    shown(b);
                }
                return;
            }
            case CSI, INTERMEDIATE -> {
                // A control sequence takes parameters (0x30-0x3F) and intermediates (0x20-0x2F) up to a final byte
                // (0x40-0x7E); an escape with intermediates takes only those, up to a final byte from 0x30.
                int firstFinal = escape == Escape.CSI ? 0x40 : 0x30;
                if (c >= 0x20 && c < firstFinal) {
                    return;
                }
                escape = Escape.NONE;
                if (c < 0x20 || c > 0x7E) {
                    shown(b); // a control inside a sequence (a newline) still acts; text ends a broken one
                }
                return;
            }
            case STRING -> {
                if (c == BEL) {
                    escape = Escape.NONE;
                } else if (b == ESC) {
                    escape = Escape.STRING_ESC;
                } else if (c == '\n') {
                    // An unterminated title must not swallow the rest of the output.
                    escape = Escape.NONE;
                    shown(b);
                }
                return;
            }
            case STRING_ESC -> {
                escape = c == '\\' ? Escape.NONE : Escape.STRING;
                if (escape == Escape.STRING) {
                    take(b); // not the terminator: the byte counts as the string's own (a newline still ends it)
                }
                return;
            }
            case NONE -> shown(b);
        }
    }

    private void shown(byte b) {
        if (b == ESC) {
            escape = Escape.ESC;
        } else if (b == '\r') {
            overwrite = true;
        } else if (b == '\n') {
            // A line goes out whole with its end, in one write (OutputTally's lines rely on it). A return right before
            // the newline overwrote nothing: "\r\n" stays as written (csv.writer's rows on sys.stdout, Windows text),
            // so the inline copy of such output is byte for byte the program's.
            room(length + 2);
            if (overwrite) {
                line[length++] = '\r';
            }
            line[length++] = b;
            sink.write(line, 0, length);
            length = 0;
            overwrite = false;
        } else {
            if (overwrite) {
                length = 0;
                overwrite = false;
            }
            if (length == maxLine) {
                sink.write(line, 0, length);
                length = 0;
            }
            room(length + 1);
            line[length++] = b;
        }
    }

    /** Grows the line to hold {@code bytes}: at most a bound's worth and a line end ("\r\n"). */
    private void room(int bytes) {
        if (bytes > line.length) {
            line = java.util.Arrays.copyOf(line, (int) Math.min(maxLine + 2L, Math.max(bytes, 2L * line.length)));
        }
    }
}
