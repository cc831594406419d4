package dev.codeexec.pii;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/** IBAN_CODE: country code, check digits and BBAN, with the country's length and the mod-97 check. */
public final class IbanRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("grouped", "[A-Z]{2}\\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?", 0.5),
            PiiPattern.of("compact", "[A-Z]{2}\\d{2}[A-Z0-9]{11,30}", 0.5));

    /** Lengths of the IBAN per country (ISO 13616 registry), for the countries most often seen. */
    private static final Map<String, Integer> LENGTHS = Map.ofEntries(Map.entry("AD", 24), Map.entry("AT", 20),
            Map.entry("BE", 16), Map.entry("BG", 22), Map.entry("CH", 21), Map.entry("CY", 28), Map.entry("CZ", 24),
            Map.entry("DE", 22), Map.entry("DK", 18), Map.entry("EE", 20), Map.entry("ES", 24), Map.entry("FI", 18),
            Map.entry("FR", 27), Map.entry("GB", 22), Map.entry("GR", 27), Map.entry("HR", 21), Map.entry("HU", 28),
            Map.entry("IE", 22), Map.entry("IS", 26), Map.entry("IT", 27), Map.entry("LI", 21), Map.entry("LT", 20),
            Map.entry("LU", 20), Map.entry("LV", 21), Map.entry("MC", 27), Map.entry("MT", 31), Map.entry("NL", 18),
            Map.entry("NO", 15), Map.entry("PL", 28), Map.entry("PT", 25), Map.entry("RO", 24), Map.entry("SE", 24),
            Map.entry("SI", 19), Map.entry("SK", 24), Map.entry("SM", 27), Map.entry("TR", 26), Map.entry("AE", 23),
            Map.entry("SA", 24), Map.entry("IL", 23), Map.entry("BR", 29), Map.entry("UA", 29), Map.entry("QA", 29));

    @Override
    public String entity() {
        return "IBAN_CODE";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("iban", "bank", "account", "transfer", "sepa");
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 42;
    }

    /** The check digits. */
    @Override
    public int minDigits() {
        return 2;
    }

    /** Country, check digits and two groups of four (grouped), or eleven BBAN chars (compact). */
    @Override
    public int minLength(PiiPattern pattern) {
        return pattern.name().equals("grouped") ? 14 : 15;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String iban = candidate.replace(" ", "");
        Integer expected = LENGTHS.get(iban.substring(0, 2));
        if (expected == null || expected != iban.length()) {
            return Verdict.INVALID;
        }
        String rearranged = iban.substring(4) + iban.substring(0, 4);
        StringBuilder numeric = new StringBuilder(rearranged.length() * 2);
        for (int i = 0; i < rearranged.length(); i++) {
            numeric.append(Character.getNumericValue(rearranged.charAt(i)));
        }
        return new BigInteger(numeric.toString()).mod(BigInteger.valueOf(97)).intValue() == 1
                ? Verdict.VALID : Verdict.INVALID;
    }

    /** Upper-case letters, digits and spaces. */
    @Override
    public boolean inMatch(int c) {
        return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == ' ';
    }
}
