package dev.codeexec.pii;

import java.util.List;

/** EMAIL_ADDRESS: local@domain.tld with a well-formed local part and domain labels. */
public final class EmailRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(PiiPattern.of("email",
            "[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,24}", 0.5));

    @Override
    public String entity() {
        return "EMAIL_ADDRESS";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("email", "e-mail", "mail", "contact");
    }

    @Override
    public Trigger trigger() {
        return Trigger.anyChar("@");
    }

    @Override
    public int maxLength() {
        return 254;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        int at = candidate.indexOf('@');
        String local = candidate.substring(0, at);
        String domain = candidate.substring(at + 1);
        if (local.length() > 64 || local.startsWith(".") || local.endsWith(".") || local.contains("..")) {
            return Verdict.INVALID;
        }
        for (String label : domain.split("\\.", -1)) {
            if (label.isEmpty() || label.length() > 63 || label.startsWith("-") || label.endsWith("-")) {
                return Verdict.INVALID;
            }
        }
        return Verdict.VALID;
    }

    /** Letters, digits and the few symbols of addresses. */
    @Override
    public boolean inMatch(int c) {
        return Character.isLetterOrDigit(c) || "._%+-@".indexOf(c) >= 0;
    }
}
