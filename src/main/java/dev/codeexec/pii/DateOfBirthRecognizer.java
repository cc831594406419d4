package dev.codeexec.pii;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.List;

/**
 * DATE_OF_BIRTH: a real calendar date (numeric or with a month name) that counts only next to birth
 * words; any other date is not personal data on its own.
 */
public final class DateOfBirthRecognizer implements Recognizer {

    private static final String MONTHS = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
    private static final List<PiiPattern> PATTERNS = List.of(
            PiiPattern.of("iso", "\\d{4}-\\d{2}-\\d{2}", 0.3).shaped("-", 1, 8, 3),
            PiiPattern.of("numeric", "\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{4}", 0.3).shaped("/.-", 1, 6, 3),
            PiiPattern.caseInsensitive("day-month", "\\d{1,2} " + MONTHS + ",? \\d{4}", 0.3),
            PiiPattern.caseInsensitive("month-day", MONTHS + " \\d{1,2},? \\d{4}", 0.3));

    @Override
    public String entity() {
        return "DATE_OF_BIRTH";
    }

    @Override
    public List<PiiPattern> patterns() {
        return PATTERNS;
    }

    @Override
    public List<String> contextWords() {
        return List.of("born", "birth", "dob", "d.o.b", "birthday", "geboren", "née le");
    }

    @Override
    public boolean requiresContext() {
        return true;
    }

    @Override
    public Trigger trigger() {
        return Trigger.digit();
    }

    @Override
    public int maxLength() {
        return 24;
    }

    /** A day and a four-digit year at least. */
    @Override
    public int minDigits() {
        return 5;
    }

    /**
     * The month-name patterns search only around month names: the case-insensitive month alternation
     * is the dearest pattern of all per char, and most context windows hold no month name. A match
     * begins at most three chars (day and space) before its month name and ends at most ten chars
     * (dot, space, day, comma, space, year) after the letters that follow it.
     */
    @Override
    public int[] parts(String text, int from, int to, PiiPattern pattern) {
        if (!pattern.name().equals("day-month") && !pattern.name().equals("month-day")) {
            return null;
        }
        Parts parts = new Parts(from, to, 1);
        int lettersEnd = from; // end of the letter run last measured; runs are measured once
        for (int p = from; p + 3 <= to; p++) {
            if (!isMonthAt(text, p)) {
                continue;
            }
            if (p >= lettersEnd) {
                lettersEnd = p;
                while (lettersEnd < to && Character.isLetter(text.charAt(lettersEnd))) {
                    lettersEnd++;
                }
            }
            parts.add(p - 3, lettersEnd + 10);
        }
        return parts.toArray();
    }

    private static final String[] MONTH_PREFIXES = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
        "oct", "nov", "dec"};

    private static boolean isMonthAt(String text, int p) {
        char a = fold(text.charAt(p));
        for (String m : MONTH_PREFIXES) {
            if (m.charAt(0) == a && m.charAt(1) == fold(text.charAt(p + 1)) && m.charAt(2) == fold(text.charAt(p + 2))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Case folding as RE2J's case-insensitive mode applies it to ASCII letters: besides the other case,
     * the long s and the Kelvin sign fold to s and k.
     */
    static char fold(char c) {
        if (c >= 'A' && c <= 'Z') {
            return (char) (c + ('a' - 'A'));
        }
        return c == '\u017F' ? 's' : c == '\u212A' ? 'k' : c;
    }

    @Override
    public Verdict validate(String candidate, String pattern) {
        String[] parts = switch (pattern) {
            case "iso" -> new String[] {candidate.substring(8, 10), candidate.substring(5, 7), candidate.substring(0, 4)};
            case "numeric" -> numbers(candidate);
            default -> null;
        };
        if (parts == null) {
            return Verdict.PLAUSIBLE;
        }
        int a = Integer.parseInt(parts[0]);
        int b = Integer.parseInt(parts[1]);
        int year = Integer.parseInt(parts[2]);
        // Day-first and month-first writings both occur; either reading being a real date suffices.
        return isBirthDate(year, b, a) || isBirthDate(year, a, b) ? Verdict.PLAUSIBLE : Verdict.INVALID;
    }

    private static boolean isBirthDate(int year, int month, int day) {
        try {
            LocalDate date = LocalDate.of(year, month, day);
            return year >= 1900 && !date.isAfter(LocalDate.now());
        } catch (DateTimeException e) {
            return false;
        }
    }

    /** The digit runs of a numeric date, split by hand: caller text never meets java.util.regex. */
    private static String[] numbers(String candidate) {
        String[] out = new String[3];
        int part = 0;
        int start = 0;
        for (int i = 0; i <= candidate.length(); i++) {
            if (i == candidate.length() || !Character.isDigit(candidate.charAt(i))) {
                out[part++] = candidate.substring(start, i);
                start = i + 1;
            }
        }
        return out;
    }
}
