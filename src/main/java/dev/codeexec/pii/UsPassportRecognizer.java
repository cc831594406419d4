package dev.codeexec.pii;

import java.util.List;

/**
 * US_PASSPORT: nine digits (older books) or a letter and eight digits (next generation). Both shapes
 * are common in other numbers, so a match counts only near the word "passport".
 */
public final class UsPassportRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("digits", "\\d{9}", 0.3).shaped("", 0, 9),
            PiiPattern.of("next-generation", "[A-Z]\\d{8}", 0.3).lettersThenDigits(1, 8));

    @Override
    public String entity() {
        return "US_PASSPORT";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("passport");
    }

    @Override
    public boolean requiresContext() {
        return true;
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 9;
    }

    /** Nine digits, or a letter and eight. */
    @Override
    public int minDigits() {
        return 8;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String digits = pattern.equals("digits") ? candidate : candidate.substring(1);
        return digits.chars().distinct().count() == 1 ? Verdict.INVALID : Verdict.PLAUSIBLE;
    }
}
