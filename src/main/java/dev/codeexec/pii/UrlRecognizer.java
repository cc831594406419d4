package dev.codeexec.pii;

import java.util.List;

/**
 * URL: scheme URLs and {@code www.} hosts. Trailing sentence punctuation is left out by the pattern's
 * last character class, since a URL rarely ends in a period or a closing bracket.
 */
public final class UrlRecognizer implements Recognizer {

    private static final String BODY = "[^\\s<>\"'`]*[^\\s<>\"'`.,;:!?)\\]}]";
    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.caseInsensitive("scheme", "(?:https?|ftp)://" + BODY, 0.6),
            PiiPattern.caseInsensitive("www", "www\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)+(?:[/?#]" + BODY + ")?", 0.5));

    @Override
    public String entity() {
        return "URL";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("url", "link", "website", "site", "visit");
    }

    @Override
    public Trigger trigger() {
        return Trigger.literal("://", "www.");
    }

    @Override
    public int maxLength() {
        return 2048;
    }

    /** At most the scheme ({@code https}) precedes {@code ://}; {@code www.} begins a match. */
    @Override
    public int maxLead() {
        return 5;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String rest = pattern.equals("scheme") ? candidate.substring(candidate.indexOf("://") + 3) : candidate;
        int hostEnd = rest.length();
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (c == '/' || c == '?' || c == '#') {
                hostEnd = i;
                break;
            }
        }
        String authority = rest.substring(0, hostEnd);
        String host = authority.substring(authority.lastIndexOf('@') + 1);
        boolean named = host.contains(".") || host.startsWith("localhost") || host.startsWith("[");
        return !host.isEmpty() && named ? Verdict.PLAUSIBLE : Verdict.INVALID;
    }

    /** Anything but white space. */
    @Override
    public boolean inMatch(int c) {
        return !Character.isWhitespace(c);
    }
}
