package dev.codeexec.pii;

import java.util.List;
import java.util.Set;

/**
 * UK_NINO: two prefix letters, six digits, suffix A-D. The prefix letters exclude D, F, I, Q, U, V
 * (and O second) by the pattern; prefixes HMRC never allocates are pruned here.
 */
public final class UkNinoRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(PiiPattern.of("nino",
            "[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\\d{2} ?\\d{2} ?\\d{2} ?[A-D]", 0.7)
            // two letters and a blank before the digits, a blank and a letter after them
            .shaped("ABCDEFGHIJKLMNOPQRSTUVWXYZ ", 3, 6));
    private static final Set<String> UNALLOCATED = Set.of("BG", "GB", "NK", "KN", "TN", "NT", "ZZ");

    @Override
    public String entity() {
        return "UK_NINO";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("national insurance", "nino", "ni number", "insurance number");
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 13;
    }

    /** Three pairs of digits. */
    @Override
    public int minDigits() {
        return 6;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        return UNALLOCATED.contains(candidate.substring(0, 2)) ? Verdict.INVALID : Verdict.PLAUSIBLE;
    }

    /** Upper-case letters, digits and spaces. */
    @Override
    public boolean inMatch(int c) {
        return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == ' ';
    }
}
