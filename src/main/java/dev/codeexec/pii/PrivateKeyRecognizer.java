package dev.codeexec.pii;

import java.util.List;

/** PRIVATE_KEY: a whole PEM block, from its BEGIN line to the matching END line (RSA, EC, OPENSSH, ...). */
public final class PrivateKeyRecognizer implements Recognizer {

    /**
     * Only the BEGIN line: the body and the END line are checked in {@link #matchEnd}, since walking a
     * few KB of base64 through the regex's NFA per key cost more than the rest of the recognizer.
     */
    private static final List<PiiPattern> PATTERNS = List.of(PiiPattern.of("pem",
            "-----BEGIN ((?:[A-Z0-9]+ ){0,3})PRIVATE KEY-----", 1.0));
    private static final String END = "-----END ";
    private static final String KEY_LINE_END = "PRIVATE KEY-----";

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

    /**
     * The regex looks only at header lines: from each {@code -----BEGIN } over the capital letters,
     * digits and spaces of the key's kind to the five dashes after them. The body, often most of the
     * window, is checked in {@link #matchEnd} (which still sees the whole window).
     */
    @Override
    public int[] parts(String text, int from, int to, PiiPattern pattern) {
        Parts parts = new Parts(from, to, 1);
        for (int p = text.indexOf(BEGIN, from); p >= 0 && p + BEGIN.length() <= to; p = text.indexOf(BEGIN, p + 1)) {
            int q = p + BEGIN.length();
            while (q < to && isKindChar(text.charAt(q))) {
                q++;
            }
            parts.add(p, q + 5);
        }
        return parts.toArray();
    }

    private static final String BEGIN = "-----BEGIN ";

    private static boolean isKindChar(char c) {
        return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == ' ';
    }

    /**
     * The block runs over body chars ({@code [A-Za-z0-9+/=\s:,.-]}) to the first END line of any kind,
     * as the lazy {@code -----BEGIN ...-----[body]*?-----END ...PRIVATE KEY-----} would; the kinds are
     * compared in {@link #validate}. Where the body is broken, no block can start before that point.
     */
    @Override
    public int matchEnd(String text, int start, int end, int limit) {
        for (int i = end; i < limit; i++) {
            if (text.startsWith(END, i)) {
                int footerEnd = footerEnd(text, i + END.length(), limit);
                if (footerEnd >= 0) {
                    return footerEnd;
                }
            }
            if (!inBody(text.charAt(i))) {
                return -1 - i;
            }
        }
        return -1 - limit;
    }

    /** The end of {@code (?:[A-Z0-9]+ ){0,3}PRIVATE KEY-----} at {@code from}, or -1. */
    private static int footerEnd(String text, int from, int limit) {
        int at = from;
        for (int words = 0; ; words++) {
            if (text.startsWith(KEY_LINE_END, at)) {
                return at + KEY_LINE_END.length() <= limit ? at + KEY_LINE_END.length() : -1;
            }
            int word = at;
            while (word < limit && (text.charAt(word) >= 'A' && text.charAt(word) <= 'Z'
                    || text.charAt(word) >= '0' && text.charAt(word) <= '9')) {
                word++;
            }
            if (words == 3 || word == at || word >= limit || text.charAt(word) != ' ') {
                return -1;
            }
            at = word + 1;
        }
    }

    /** RE2J's {@code \s} is ASCII white space without the vertical tab. */
    private static boolean inBody(char c) {
        return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
                || "+/=:,.-\t\n\f\r ".indexOf(c) >= 0;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String kind = candidate.substring("-----BEGIN ".length(), candidate.indexOf("PRIVATE KEY-----"));
        return candidate.contains("-----END " + kind + "PRIVATE KEY-----") ? Verdict.VALID : Verdict.INVALID;
    }
}
