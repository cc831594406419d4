package dev.codeexec.pii;

import java.util.List;

/**
 * US_DRIVER_LICENSE: the letter-and-digit shapes most states use. They look like any identifier, so
 * a match counts only near "driver's license" and similar words.
 */
public final class UsDriverLicenseRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("letter-digits", "[A-Z]\\d{6,13}", 0.3).lettersThenDigits(1, 6),
            PiiPattern.of("two-letters-digits", "[A-Z]{2}\\d{5,8}", 0.3).lettersThenDigits(2, 5),
            PiiPattern.of("digits", "\\d{7,9}", 0.2).shaped("", 0, 7));

    @Override
    public String entity() {
        return "US_DRIVER_LICENSE";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("driver", "driving licen", "license number", "licence number", "dl#", "dl number",
                "driver's lic");
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
        return 14;
    }

    /** Two letters and five digits is the shortest form. */
    @Override
    public int minDigits() {
        return 5;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        long distinctDigits = candidate.chars().filter(Character::isDigit).distinct().count();
        return distinctDigits == 1 ? Verdict.INVALID : Verdict.PLAUSIBLE;
    }
}
