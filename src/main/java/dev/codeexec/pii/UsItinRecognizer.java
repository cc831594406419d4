package dev.codeexec.pii;

import java.util.List;

/** US_ITIN: 9xx-gg-ssss where the group is in the IRS ranges 50-65, 70-88, 90-92 or 94-99. */
public final class UsItinRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("dashed", "9\\d{2}-\\d{2}-\\d{4}", 0.6).shaped("-", 1, 9, 3),
            PiiPattern.of("spaced", "9\\d{2} \\d{2} \\d{4}", 0.4).shaped(" ", 1, 9, 3),
            PiiPattern.of("plain", "9\\d{8}", 0.2).shaped("", 0, 9));

    @Override
    public String entity() {
        return "US_ITIN";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("itin", "taxpayer", "tax id", "individual taxpayer");
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 11;
    }

    /** Nine digits, as an SSN. */
    @Override
    public int minDigits() {
        return 9;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String d = candidate.replace("-", "").replace(" ", "");
        int group = Integer.parseInt(d.substring(3, 5));
        boolean issuedGroup = group >= 50 && group <= 65 || group >= 70 && group <= 88
                || group >= 90 && group <= 92 || group >= 94;
        return issuedGroup && !d.endsWith("0000") ? Verdict.PLAUSIBLE : Verdict.INVALID;
    }

    /** Digits, spaces and dashes. */
    @Override
    public boolean inMatch(int c) {
        return c >= '0' && c <= '9' || c == ' ' || c == '-';
    }
}
