package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.re2j.Matcher;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The analyzer searches many spans of a line-bound pattern in one pass, joined by line feeds, which
 * finds the right matches only if no match holds a line feed: every built-in pattern is held to that
 * over the labelled corpus with blanks turned into line breaks, where a pattern allowing any blank
 * between its parts would match across them.
 */
@Execution(ExecutionMode.CONCURRENT)
class LineBoundPatternTest {

    @Test
    void noMatchOfALineBoundPatternHoldsALineFeed() {
        String corpus = LabelledCorpus.generate(9L, 60).text();
        Random random = new Random(3);
        StringBuilder broken = new StringBuilder(corpus.length());
        for (char c : corpus.toCharArray()) {
            broken.append(c == ' ' && random.nextInt(3) == 0 ? '\n' : c == '\t' ? '\n' : c);
        }
        String text = corpus + "\n" + broken;
        int matches = 0;
        for (Recognizer r : BuiltInRecognizers.all()) {
            for (PiiPattern p : r.patterns()) {
                assertTrue(p.lineBound(), () -> p.name() + " of " + r.name() + " is not declared line-bound");
                Matcher m = p.regex().matcher(text);
                while (m.find()) {
                    String match = m.group();
                    assertFalse(match.indexOf('\n') >= 0, () -> p.name() + " of " + r.name() + " matched across a line feed");
                    matches++;
                }
            }
        }
        assertTrue(matches > 1000, "too few matches to say anything: " + matches);
    }

    @Test
    void operatorPatternsAreNotAssumedLineBound() {
        assertFalse(new PiiPattern("custom", com.google.re2j.Pattern.compile("a[\\s\\S]b"), 0.5).lineBound());
    }
}
