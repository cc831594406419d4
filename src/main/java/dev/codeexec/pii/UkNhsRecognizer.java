package dev.codeexec.pii;

import java.util.List;

/**
 * UK_NHS: ten digits (3-3-4) whose last digit is the mod-11 check digit. One in eleven random numbers
 * passes, so the check makes it plausible, not certain; "NHS" nearby settles it.
 */
public final class UkNhsRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("grouped", "\\d{3}([ -])\\d{3}[ -]\\d{4}", 0.5).shaped(" -", 1, 10, 3),
            PiiPattern.of("plain", "\\d{10}", 0.3).shaped("", 0, 10));

    @Override
    public String entity() {
        return "UK_NHS";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("nhs", "national health", "health service", "patient");
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 12;
    }

    /** Ten digits, the last a check digit. */
    @Override
    public int minDigits() {
        return 10;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String d = candidate.replace(" ", "").replace("-", "");
        if (d.length() != 10 || d.chars().distinct().count() == 1) {
            return Verdict.INVALID;
        }
        return checkDigitMatches(d) ? Verdict.PLAUSIBLE : Verdict.INVALID;
    }

    static boolean checkDigitMatches(String d) {
        int sum = 0;
        for (int i = 0; i < 9; i++) {
            sum += (d.charAt(i) - '0') * (10 - i);
        }
        int check = 11 - sum % 11;
        if (check == 11) {
            check = 0;
        }
        return check != 10 && check == d.charAt(9) - '0';
    }

    /** Digits, spaces and dashes. */
    @Override
    public boolean inMatch(int c) {
        return c >= '0' && c <= '9' || c == ' ' || c == '-';
    }
}
