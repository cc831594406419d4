package dev.codeexec.pii;

import java.util.List;

/**
 * CREDIT_CARD: 13 to 19 digits, plain or grouped by spaces or dashes, with a known issuer prefix and
 * a passing Luhn check. Order numbers and other long digit strings fail one or the other.
 */
public final class CreditCardRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("grouped", "\\d{4}([ -])\\d{4}[ -]\\d{4}[ -]\\d{1,7}", 0.3)
                    .shaped(" -", 1, 13, 4),
            PiiPattern.of("amex", "3[47]\\d{2}[ -]\\d{6}[ -]\\d{5}", 0.3).shaped(" -", 1, 15, 3),
            PiiPattern.of("plain", "\\d{14,19}", 0.3).shaped("", 0, 14));

    @Override
    public String entity() {
        return "CREDIT_CARD";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("card", "credit", "visa", "mastercard", "amex", "cc", "payment");
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 23;
    }

    /** A grouped number inside a longer grouped run (an IBAN's digits, say) is not a card. */
    @Override
    public boolean acceptsSurroundings(String text, int start, int end) {
        return !(start >= 2 && isSeparator(text.charAt(start - 1)) && Character.isDigit(text.charAt(start - 2)))
                && !(end + 1 < text.length() && isSeparator(text.charAt(end)) && Character.isDigit(text.charAt(end + 1)));
    }

    private static boolean isSeparator(char c) {
        return c == ' ' || c == '-';
    }

    /** Validation rejects cards of fewer than fourteen digits. */
    @Override
    public int minDigits() {
        return 14;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        if (candidate.indexOf(' ') >= 0 && candidate.indexOf('-') >= 0) {
            return Verdict.INVALID;
        }
        String digits = candidate.replace(" ", "").replace("-", "");
        if (digits.length() < 14 || digits.length() > 19 || digits.chars().distinct().count() == 1
                || !knownIssuer(digits)) {
            return Verdict.INVALID;
        }
        return luhn(digits) ? Verdict.VALID : Verdict.INVALID;
    }

    private static boolean knownIssuer(String d) {
        int two = Integer.parseInt(d.substring(0, 2));
        int four = Integer.parseInt(d.substring(0, 4));
        return d.charAt(0) == '4' // Visa
                || two >= 51 && two <= 55 || four >= 2221 && four <= 2720 // Mastercard
                || two == 34 || two == 37 // American Express
                || four == 6011 || two == 65 || four >= 6440 && four <= 6499 // Discover
                || two == 35 // JCB
                || two == 36 || two == 38 || two == 30 // Diners Club
                || two == 62; // UnionPay
    }

    static boolean luhn(String digits) {
        int sum = 0;
        boolean twice = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (twice) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            twice = !twice;
        }
        return sum % 10 == 0;
    }

    /** Digits, spaces and dashes. */
    @Override
    public boolean inMatch(int c) {
        return c >= '0' && c <= '9' || c == ' ' || c == '-';
    }
}
