package dev.codeexec.pii;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber.PhoneNumber;
import java.util.List;
import java.util.Map;

/**
 * PHONE_NUMBER: international numbers ({@code +} and a country code, any country) and national formats
 * of several countries, each validated with libphonenumber for its region. RE2J finds the candidate;
 * libphonenumber only ever sees that bounded candidate, never the caller's text.
 */
public final class PhoneRecognizer implements Recognizer {

    private static final String SEP = "[ .-]?";
    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("international", "\\+\\d{1,3}" + SEP + "(?:\\(\\d{1,4}\\)" + SEP + ")?\\d{1,5}(?:" + SEP
                    + "\\d{1,5}){1,5}", 0.7).shaped("+ .-()", 2, 3),
            PiiPattern.of("US", "\\(\\d{3}\\) ?\\d{3}[ .-]\\d{4}|\\d{3}([.-])\\d{3}[.-]\\d{4}", 0.6).shaped("() .-", 2, 10, 3),
            PiiPattern.of("GB", "0\\d{2,4} \\d{3,4} ?\\d{3,4}", 0.5).shaped(" ", 1, 9, 2),
            PiiPattern.of("DE", "0\\d{2,4}[ /-]\\d{4,8}", 0.4).shaped(" /-", 1, 7, 2),
            PiiPattern.of("FR", "0[1-9](?:[ .]\\d{2}){4}", 0.6).shaped(" .", 1, 10, 5),
            PiiPattern.of("IN", "[6-9]\\d{4} \\d{5}", 0.5).shaped(" ", 1, 10, 2),
            PiiPattern.of("AU", "(?:\\(0\\d\\) \\d{4} \\d{4}|04\\d{2} \\d{3} \\d{3})", 0.6).shaped("() ", 2, 10, 3),
            PiiPattern.of("JP", "0\\d{1,3}-\\d{2,4}-\\d{4}", 0.5).shaped("-", 1, 8, 3),
            PiiPattern.of("BR", "\\(\\d{2}\\) 9?\\d{4}-\\d{4}", 0.6).shaped("() -", 2, 10, 3));

    private static final Map<String, String> REGION_BY_PATTERN = Map.of("international", "ZZ", "US", "US",
            "GB", "GB", "DE", "DE", "FR", "FR", "IN", "IN", "AU", "AU", "JP", "JP", "BR", "BR");

    private final PhoneNumberUtil util = PhoneNumberUtil.getInstance();

    @Override
    public String entity() {
        return "PHONE_NUMBER";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("phone", "call", "tel", "mobile", "cell", "fax", "reach", "whatsapp", "sms",
                "telefon", "ruf", "téléphone", "teléfono", "telefono");
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 32;
    }

    /** Validation rejects numbers of fewer than seven digits. */
    @Override
    public int minDigits() {
        return 7;
    }

    /** libphonenumber parses each candidate (about 10 us), where other validators compute a checksum. */
    @Override
    public boolean validationIsCostly() {
        return true;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        long digits = candidate.chars().filter(Character::isDigit).count();
        if (digits < 7 || digits > 15) {
            return Verdict.INVALID;
        }
        if (pattern.equals("US") && !candidate.startsWith("(") && candidate.charAt(3) != candidate.charAt(7)) {
            return Verdict.INVALID;
        }
        String region = REGION_BY_PATTERN.get(pattern);
        try {
            PhoneNumber number = util.parse(candidate, region);
            boolean valid = region.equals("ZZ") ? util.isValidNumber(number)
                    : util.isValidNumberForRegion(number, region);
            return valid ? Verdict.PLAUSIBLE : Verdict.INVALID;
        } catch (NumberParseException e) {
            return Verdict.INVALID;
        }
    }

    /** Digits and the separators of written numbers. */
    @Override
    public boolean inMatch(int c) {
        return c >= '0' && c <= '9' || " ()+.-/".indexOf(c) >= 0;
    }
}
