package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.re2j.Matcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A pattern's declared {@link DigitShape} is a promise the analyzer relies on to skip text: these tests
 * hold every built-in declaration to it and check that searching only the shape's chains finds exactly
 * what searching the whole text finds, on generated text made of the shape's own chars.
 */
@Execution(ExecutionMode.CONCURRENT)
class DigitShapeTest {

    private static final int TEXTS = 150;

    @Test
    void everyMatchOfAShapedPatternHasItsShape() {
        List<String> texts = texts(new Random(11));
        texts.add(LabelledCorpus.generate(5L, 40).text());
        int checked = 0;
        for (PiiPattern p : shapedPatterns()) {
            DigitShape shape = p.shape();
            for (String text : texts) {
                Matcher m = p.regex().matcher(text);
                while (m.find()) {
                    String match = m.group();
                    assertTrue(hasShape(match, shape), () -> p.name() + " matched '" + match + "', outside its shape");
                    checked++;
                }
            }
        }
        assertTrue(checked > 1000, "too few matches to say anything: " + checked);
    }

    @Test
    void searchingChainsFindsWhatSearchingTheWholeTextFinds() {
        Random random = new Random(23);
        for (PiiPattern p : shapedPatterns()) {
            for (int t = 0; t < TEXTS; t++) {
                String text = text(random, p.shape());
                List<String> whole = matches(p, text, new int[] {0, text.length()});
                int[] chains = chains(p.shape(), text);
                assertEquals(whole, matches(p, text, chains), () -> p.name() + " over '" + text + "'");
                assertEquals(whole, matches(p, text, p.shape().parts(text, 0, text.length(), 0)),
                        () -> p.name() + " (parts) over '" + text + "'");
            }
        }
    }

    @Test
    void chainsAreTheDigitRunsJoinedByShortGapsOfOthers() {
        DigitShape dashed = DigitShape.of("-", 1, 9, 3);
        String text = "id 123-45-6789, 12-34 and 123--45-6789 or 1234567890123-";
        int[] chains = chains(dashed, text);
        List<String> found = new ArrayList<>();
        for (int i = 0; i < chains.length; i += 2) {
            found.add(text.substring(chains[i], chains[i + 1]));
        }
        // "12-34" has too few digits, "1234567890123-" too few runs of digits; "123--45-6789" joins
        // across a gap of two (at most twice maxGap)
        assertEquals(List.of("123-45-6789", "123--45-6789"), found);
        assertFalse(found.contains("12-34"));
    }

    @Test
    void shapesOutsideTheGapKindsJoinRunsByReadingTheGap() {
        // '#' is no kind of gap: such a shape checks each gap's chars itself, with the same result
        PiiPattern hashed = PiiPattern.of("hashed", "\\d{2}#\\d{2}##\\d{3}", 0.5).shaped("#", 2, 7);
        assertEquals(-1, GapKinds.of(hashed.shape().others()));
        Random random = new Random(5);
        for (int t = 0; t < TEXTS; t++) {
            String text = text(random, hashed.shape());
            assertEquals(matches(hashed, text, new int[] {0, text.length()}), matches(hashed, text, chains(hashed.shape(), text)));
        }
        assertEquals(List.of("0:12#34##567"), matches(hashed, "12#34##567 and 12#34#567", chains(hashed.shape(), "12#34##567 and 12#34#567")));
    }

    private static int[] chains(DigitShape shape, String text) {
        char[] chars = text.toCharArray();
        int[] runs = digitRuns(text);
        return shape.chains(chars, runs, GapKinds.of(chars, runs), 0);
    }

    private static List<PiiPattern> shapedPatterns() {
        List<PiiPattern> shaped = new ArrayList<>();
        for (Recognizer r : BuiltInRecognizers.all()) {
            r.patterns().stream().filter(p -> p.shape() != null).forEach(shaped::add);
        }
        assertTrue(shaped.size() >= 20, "expected the digit patterns to declare shapes");
        return shaped;
    }

    private static boolean hasShape(String match, DigitShape shape) {
        int digits = 0;
        int groups = 0;
        int gap = 0;
        boolean inDigits = false;
        for (char c : match.toCharArray()) {
            if (c >= '0' && c <= '9') {
                digits++;
                groups += inDigits ? 0 : 1;
                inDigits = true;
                gap = 0;
            } else if (!shape.others().contains(c) || ++gap > shape.maxGap()) {
                return false;
            } else {
                inDigits = false;
            }
        }
        return digits >= shape.minDigits() && groups >= shape.minGroups();
    }

    private static List<String> matches(PiiPattern p, String text, int[] spans) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < spans.length; i += 2) {
            int from = spans[i];
            Matcher m = p.regex().matcher(text.substring(from, spans[i + 1]));
            while (m.find()) {
                out.add((from + m.start()) + ":" + m.group());
            }
        }
        return out;
    }

    /** Text of digits, the shape's others, capitals and a few chars outside every shape. */
    private static String text(Random random, DigitShape shape) {
        String others = "";
        for (char c = 0; c < 128; c++) {
            if (shape.others().contains(c)) {
                others += c;
            }
        }
        String alphabet = "0123456789012345678901234567890123456789" + others + others + others + "AZ x;\n";
        StringBuilder b = new StringBuilder();
        int length = 20 + random.nextInt(200);
        for (int i = 0; i < length; i++) {
            b.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return b.toString();
    }

    private static List<String> texts(Random random) {
        List<String> texts = new ArrayList<>();
        for (PiiPattern p : shapedPatterns()) {
            for (int i = 0; i < 20; i++) {
                texts.add(text(random, p.shape()));
            }
        }
        return texts;
    }

    private static int[] digitRuns(String text) {
        List<Integer> runs = new ArrayList<>();
        for (int i = 0; i < text.length(); i++) {
            if (Character.isDigit(text.charAt(i)) && text.charAt(i) < 128) {
                int start = i;
                while (i + 1 < text.length() && text.charAt(i + 1) >= '0' && text.charAt(i + 1) <= '9') {
                    i++;
                }
                runs.add(start);
                runs.add(i + 1);
            }
        }
        return runs.stream().mapToInt(Integer::intValue).toArray();
    }
}
