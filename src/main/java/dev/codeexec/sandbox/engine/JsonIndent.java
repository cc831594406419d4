package dev.codeexec.sandbox.engine;

/**
 * Lays out compact JSON as the guest's {@code json.dumps(..., indent=...)} would: the guest's own encoder (GraalPy's
 * {@code _json.Encoder}, in Java) writes the document without indentation, and this pass adds it. CPython 3.12
 * indents in Python alone, and so does GraalPy: about 1 s for a 700 KB document here, where this takes
 * milliseconds (docs/benchmarks.md). It runs in the interpreter's process, on the guest's thread, over its arguments.
 */
public final class JsonIndent {

    /** Bounds the text built by one call, which cannot be interrupted: larger results take the guest's encoder. */
    public static final int MAX_CHARS = 64 * 1024 * 1024;

    private JsonIndent() {
    }

    /**
     * {@code compact}, written with {@code ,} and {@code :} between items and after keys, laid out with {@code unit}
     * per level, {@code itemSeparator} and {@code keySeparator}, as Python's {@code json.encoder._make_iterencode}
     * lays it out; or {@code null} to leave the document to the guest's encoder: when the text has a surrogate
     * (a lone one in the guest's string and a pair look alike in Java), is not compact JSON, or would be too long.
     */
    public static String indent(String compact, String unit, String itemSeparator, String keySeparator) {
        if (hasSurrogate(compact) || hasSurrogate(unit) || hasSurrogate(itemSeparator) || hasSurrogate(keySeparator)) {
            return null;
        }
        StringBuilder out = new StringBuilder(compact.length() * 2);
        int level = 0;
        int length = compact.length();
        for (int i = 0; i < length; i++) {
            char c = compact.charAt(i);
            switch (c) {
                case '"' -> {
                    int end = stringEnd(compact, i);
                    if (end < 0) {
                        return null;
                    }
                    out.append(compact, i, end + 1);
                    i = end;
                }
                case '[', '{' -> {
                    char close = c == '[' ? ']' : '}';
                    if (i + 1 < length && compact.charAt(i + 1) == close) {
                        out.append(c).append(close); // an empty container stays on its line
                        i++;
                    } else {
                        level++;
                        out.append(c);
                        newLine(out, unit, level);
                    }
                }
                case ']', '}' -> {
                    if (level == 0) {
                        return null;
                    }
                    level--;
                    newLine(out, unit, level);
                    out.append(c);
                }
                case ',' -> {
                    out.append(itemSeparator);
                    newLine(out, unit, level);
                }
                case ':' -> out.append(keySeparator);
                default -> out.append(c);
            }
            if (out.length() > MAX_CHARS) {
                return null;
            }
        }
        return level == 0 ? out.toString() : null;
    }

    private static void newLine(StringBuilder out, String unit, int level) {
        out.append('\n');
        for (int i = 0; i < level; i++) {
            out.append(unit);
        }
    }

    /** The index of the quote that closes the string opened at {@code start}, or -1. */
    private static int stringEnd(String text, int start) {
        for (int i = start + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '"') {
                return i;
            }
        }
        return -1;
    }

    private static boolean hasSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isSurrogate(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }
}
