package dev.codeexec.pii;

import java.util.List;

/** PRIVATE_KEY: a whole PEM block, from its BEGIN line to the matching END line (RSA, EC, OPENSSH, ...). */
public final class PrivateKeyRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(PiiPattern.of("pem",
            "-----BEGIN ((?:[A-Z0-9]+ ){0,3})PRIVATE KEY-----[A-Za-z0-9+/=\\s:,.-]*?-----END "
                    + "(?:[A-Z0-9]+ ){0,3}PRIVATE KEY-----", 1.0));

    @Override
    public String entity() {
        return "PRIVATE_KEY";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of();
    }

    @Override
    public Trigger trigger() {
        return Trigger.literal("-----BEGIN");
    }

    /** A 16384-bit RSA key in PEM stays under this; longer blocks are not keys anyone uses. */
    @Override
    public int maxLength() {
        return 16_384;
    }

    /** The trigger begins the block. */
    @Override
    public int maxLead() {
        return 0;
    }

    /** Letters, digits, white space and the base64 and header symbols of a PEM block. */
    @Override
    public boolean inMatch(int c) {
        return c < 128 && (Character.isLetterOrDigit(c) || Character.isWhitespace(c) || "+/=:,.-".indexOf(c) >= 0);
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String kind = candidate.substring("-----BEGIN ".length(), candidate.indexOf("PRIVATE KEY-----"));
        return candidate.contains("-----END " + kind + "PRIVATE KEY-----") ? Verdict.VALID : Verdict.INVALID;
    }
}
