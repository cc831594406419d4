package dev.codeexec.pii;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * JWT: three base64url parts whose header decodes to a JSON object naming an algorithm ({@code "alg"}).
 * A signed token carries claims about a person and is a bearer credential, hence a secret.
 */
public final class JwtRecognizer implements Recognizer {

    private static final List<PiiPattern> PATTERNS = List.of(PiiPattern.of("jws",
            "eyJ[A-Za-z0-9_-]{4,}\\.eyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]{0,}", 0.6));

    @Override
    public String entity() {
        return "JWT";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("jwt", "bearer", "token", "authorization");
    }

    @Override
    public Trigger trigger() {
        return Trigger.literal("eyJ");
    }

    @Override
    public int maxLength() {
        return 8192;
    }

    /** The trigger is the header's prefix. */
    @Override
    public int maxLead() {
        return 0;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String header = candidate.substring(0, candidate.indexOf('.'));
        try {
            String json = new String(Base64.getUrlDecoder().decode(header), StandardCharsets.UTF_8).trim();
            return json.startsWith("{") && json.endsWith("}") && json.contains("\"alg\"")
                    ? Verdict.VALID : Verdict.INVALID;
        } catch (IllegalArgumentException e) {
            return Verdict.INVALID;
        }
    }

    /** The base64url alphabet and dots. */
    @Override
    public boolean inMatch(int c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.');
    }
}
