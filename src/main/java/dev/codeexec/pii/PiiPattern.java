package dev.codeexec.pii;

import com.google.re2j.Pattern;

/**
 * One named, scored RE2J pattern of a recognizer. RE2J runs in time linear in the input, which is
 * why caller text never meets java.util.regex. A pattern may declare the {@link DigitShape} of its
 * matches, which keeps its NFA off text of other shapes.
 */
public record PiiPattern(String name, Pattern regex, double score, DigitShape shape) {

    public PiiPattern(String name, Pattern regex, double score) {
        this(name, regex, score, null);
    }

    public static PiiPattern of(String name, String regex, double score) {
        return new PiiPattern(name, Pattern.compile(regex), score);
    }

    public static PiiPattern caseInsensitive(String name, String regex, double score) {
        return new PiiPattern(name, Pattern.compile(regex, Pattern.CASE_INSENSITIVE), score);
    }

    /** This pattern, declaring that its matches are digits joined by {@code others}; see {@link DigitShape#of}. */
    PiiPattern shaped(String others, int maxGap, int minDigits) {
        return new PiiPattern(name, regex, score, DigitShape.of(others, maxGap, minDigits));
    }

    /** This pattern, declaring that its matches are up to {@code letters} capitals, then digits. */
    PiiPattern lettersThenDigits(int letters, int minDigits) {
        return new PiiPattern(name, regex, score, DigitShape.lettersThenDigits(letters, minDigits));
    }
}
