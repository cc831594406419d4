package dev.codeexec.pii;

import java.util.List;
import java.util.zip.CRC32;

/**
 * GITHUB_TOKEN: classic tokens ({@code ghp_}, {@code gho_}, {@code ghu_}, {@code ghs_}, {@code ghr_}),
 * whose last six characters are a base62 CRC32 of the rest, and fine-grained {@code github_pat_} tokens.
 */
public final class GithubTokenRecognizer implements Recognizer {

    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("classic", "gh[pousr]_[A-Za-z0-9]{36}", 0.85),
            PiiPattern.of("fine-grained", "github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}", 0.9));

    @Override
    public String entity() {
        return "GITHUB_TOKEN";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("github", "token", "gh_token", "pat");
    }

    @Override
    public Trigger trigger() {
        return Trigger.literal("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_");
    }

    @Override
    public int maxLength() {
        return 93;
    }

    /** The trigger is the token's prefix. */
    @Override
    public int maxLead() {
        return 0;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        if (pattern.equals("classic")) {
            return checksumMatches(candidate) ? Verdict.VALID : Verdict.PLAUSIBLE;
        }
        return Verdict.PLAUSIBLE;
    }

    /** Classic tokens end in base62(CRC32(random part)), padded to six characters. */
    static boolean checksumMatches(String token) {
        String random = token.substring(4, 34);
        CRC32 crc = new CRC32();
        crc.update(random.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        return base62(crc.getValue()).equals(token.substring(34));
    }

    static String base62(long value) {
        char[] out = new char[6];
        for (int i = 5; i >= 0; i--) {
            out[i] = BASE62.charAt((int) (value % 62));
            value /= 62;
        }
        return new String(out);
    }

    /** Letters, digits and underscores. */
    @Override
    public boolean inMatch(int c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
    }
}
