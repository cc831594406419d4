package dev.codeexec.pii;

import java.util.List;

/**
 * US_BANK_NUMBER: 8 to 17 digits. Any long number fits that shape, so it counts only next to words
 * such as "account number" or "routing".
 */
public final class UsBankNumberRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(PiiPattern.of("digits", "\\d{8,17}", 0.4).shaped("", 0, 8));

    @Override
    public String entity() {
        return "US_BANK_NUMBER";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("bank account", "account number", "account no", "acct", "checking account",
                "savings account", "account #");
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
        return 17;
    }

    /** The pattern is eight to seventeen digits. */
    @Override
    public int minDigits() {
        return 8;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        return candidate.chars().distinct().count() == 1 ? Verdict.INVALID : Verdict.PLAUSIBLE;
    }
}
