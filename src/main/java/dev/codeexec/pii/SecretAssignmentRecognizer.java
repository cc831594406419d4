package dev.codeexec.pii;

import java.util.List;

/**
 * SECRET: a high-entropy value assigned to a secret-sounding name ({@code password=...},
 * {@code "api_key": "..."}, {@code SECRET_TOKEN: ...}). Only the value is reported, so the name stays
 * readable. Placeholders and low-entropy words are pruned.
 */
public final class SecretAssignmentRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(PiiPattern.caseInsensitive("assignment",
            "(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?key|auth[_-]?token|token|private[_-]?key)"
                    + "[A-Za-z0-9_-]{0,24}[\"']?[ \\t]{0,4}(?:=|:|=>)[ \\t]{0,4}[\"']?([^\\s\"',;]{8,256})", 0.7));

    /** Bits per character below which a value reads as a word or a placeholder, not a secret. */
    static final double MIN_ENTROPY = 3.0;

    @Override
    public String entity() {
        return "SECRET";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of();
    }

    @Override
    public Trigger trigger() {
        return Trigger.literal("pass", "pwd", "secret", "key", "token");
    }

    @Override
    public int maxLength() {
        return 320;
    }

    @Override
    public boolean valueIsGroupOne() {
        return true;
    }

    /** The name begins at most eight chars before its trigger ({@code private_key}). */
    @Override
    public int maxLead() {
        return 8;
    }

    /** A match never crosses a line break, a comma or a semicolon. */
    @Override
    public boolean inMatch(int c) {
        return c != '\n' && c != '\r' && c != '\f' && c != ',' && c != ';';
    }

    /**
     * Only the text around an {@code =} or {@code :} is searched: every match holds one at most 41
     * chars after it begins (an 11-char name, 24 more name chars, a quote, 4 blanks), and ends at most
     * 263 chars after it (a 2-char operator, 4 blanks, a quote, a 256-char value), and never beyond a
     * blank, quote, comma or semicolon past the value's start. Prose around the word "key" has neither.
     */
    @Override
    public int[] parts(String text, int from, int to, PiiPattern pattern) {
        Parts parts = new Parts(from, to, 1);
        int stop = from; // a char no value holds, or a limit; only moves forward (linear)
        for (int e = from; e < to; e++) {
            char c = text.charAt(e);
            if (c != '=' && c != ':') {
                continue;
            }
            int valueFrom = e + 7;
            int limit = Math.min(to, valueFrom + 256);
            if (stop < valueFrom) {
                stop = valueFrom;
            }
            while (stop < limit && !endsValue(text.charAt(stop))) {
                stop++;
            }
            parts.add(e - 41, Math.min(stop, limit));
        }
        return parts.toArray();
    }

    private static boolean endsValue(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '"' || c == '\'' || c == ','
                || c == ';';
    }

    @Override
    public Verdict validate(String value, String pattern) {
        char first = value.charAt(0);
        if (first == '$' || first == '<' || first == '{' || first == '%' || first == '*') {
            return Verdict.INVALID;
        }
        return entropy(value) >= MIN_ENTROPY ? Verdict.PLAUSIBLE : Verdict.INVALID;
    }

    /** Shannon entropy in bits per character. */
    static double entropy(String s) {
        int[] counts = new int[128];
        int other = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 128) {
                counts[c]++;
            } else {
                other++;
            }
        }
        double bits = 0;
        for (int n : counts) {
            bits -= n == 0 ? 0 : (double) n / s.length() * Math.log((double) n / s.length()) / Math.log(2);
        }
        return other == 0 ? bits : bits + (double) other / s.length();
    }
}
