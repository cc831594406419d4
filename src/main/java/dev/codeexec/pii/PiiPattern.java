package dev.codeexec.pii;

import com.google.re2j.Pattern;

/**
 * One named, scored RE2J pattern of a recognizer. RE2J runs in time linear in the input, which is
 * why caller text never meets java.util.regex. A pattern may declare the {@link DigitShape} of its
 * matches, which keeps its NFA off text of other shapes; {@code lineBound} says no match holds a line
 * feed, so the analyzer may search many spans in one pass, joined by line feeds.
 */
public record PiiPattern(String name, Pattern regex, double score, DigitShape shape, boolean lineBound) {

    /** A pattern of unknown matches (an operator's): none of the analyzer's assumptions about them. */
    public PiiPattern(String name, Pattern regex, double score) {
        this(name, regex, score, null, false);
    }

    /** A built-in pattern: none of its matches holds a line feed (checked by the tests). */
    public static PiiPattern of(String name, String regex, double score) {
        return new PiiPattern(name, Pattern.compile(regex), score, null, true);
    }

    public static PiiPattern caseInsensitive(String name, String regex, double score) {
        return new PiiPattern(name, Pattern.compile(regex, Pattern.CASE_INSENSITIVE), score, null, true);
    }

    /** This pattern, declaring that its matches are digits joined by {@code others}; see {@link DigitShape#of}. */
    PiiPattern shaped(String others, int maxGap, int minDigits) {
        return shaped(others, maxGap, minDigits, 1);
    }

    /** As {@link #shaped(String, int, int)}, every match holding at least {@code minGroups} runs of digits. */
    PiiPattern shaped(String others, int maxGap, int minDigits, int minGroups) {
        return new PiiPattern(name, regex, score, DigitShape.of(others, maxGap, minDigits, minGroups), lineBound);
    }

    /** This pattern, declaring that its matches are up to {@code letters} capitals, then digits. */
    PiiPattern lettersThenDigits(int letters, int minDigits) {
        return new PiiPattern(name, regex, score, DigitShape.lettersThenDigits(letters, minDigits), lineBound);
    }
}
