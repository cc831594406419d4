package dev.codeexec.pii;

import com.google.re2j.Pattern;

/**
 * One named, scored RE2J pattern of a recognizer. RE2J runs in time linear in the input, which is
 * why caller text never meets java.util.regex.
 */
public record PiiPattern(String name, Pattern regex, double score) {

    public static PiiPattern of(String name, String regex, double score) {
        return new PiiPattern(name, Pattern.compile(regex), score);
    }

    public static PiiPattern caseInsensitive(String name, String regex, double score) {
        return new PiiPattern(name, Pattern.compile(regex, Pattern.CASE_INSENSITIVE), score);
    }
}
