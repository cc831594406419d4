package dev.codeexec.pii;

import java.util.List;

/**
 * US_SSN: area-group-serial, rejecting numbers the SSA never issues (area 000, 666 or 9xx, group 00,
 * serial 0000) and well-known sample numbers. Unseparated nine digits count only near context words.
 */
public final class UsSsnRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("dashed", "\\d{3}-\\d{2}-\\d{4}", 0.6).shaped("-", 1, 9, 3),
            PiiPattern.of("spaced", "\\d{3} \\d{2} \\d{4}", 0.4).shaped(" ", 1, 9, 3),
            PiiPattern.of("plain", "\\d{9}", 0.2).shaped("", 0, 9));

    @Override
    public String entity() {
        return "US_SSN";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("ssn", "social security", "ss#", "ssa");
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 11;
    }

    /** Area, group and serial: nine digits. */
    @Override
    public int minDigits() {
        return 9;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String d = candidate.replace("-", "").replace(" ", "");
        String area = d.substring(0, 3);
        if (area.equals("000") || area.equals("666") || area.charAt(0) == '9' || d.startsWith("00", 3)
                || d.endsWith("0000") || d.equals("123456789") || d.equals("078051120")
                || d.chars().distinct().count() == 1) {
            return Verdict.INVALID;
        }
        return Verdict.PLAUSIBLE;
    }

    /** Digits, spaces and dashes. */
    @Override
    public boolean inMatch(int c) {
        return c >= '0' && c <= '9' || c == ' ' || c == '-';
    }
}
