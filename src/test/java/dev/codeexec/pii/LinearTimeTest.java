package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntFunction;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Adversarial inputs must cost work linear in their size. Work is counted, not timed (timings on a shared
 * machine flake both ways; bench/LinearTimeBench prints them): the chars the analyzer hands its regular
 * expressions plus those its checks read around candidates ({@link Analyzer.Work}). RE2J is linear in what
 * it searches and the analyzer's own passes are single passes, so that count is what can grow faster than
 * the text. Four times the input must cost at most {@link #LINEAR} times the work; quadratic work would
 * cost sixteen times. The 2 MiB single-character case finds nothing and returns the text unchanged.
 */
@Execution(ExecutionMode.CONCURRENT)
class LinearTimeTest {

    /** Four times the input, four times the work, plus a little for edge effects (windows at the ends). */
    static final double LINEAR = 4.4;

    /**
     * Larger than any window the analyzer searches, so growth shows; small enough that a quadratic mistake
     * costs seconds here rather than hanging the build.
     */
    static final int SMALL = 25_000;
    static final int LARGE = 4 * SMALL;

    private final Analyzer analyzer = new Analyzer(BuiltInRecognizers.all());
    private final PiiService pii = TestPii.service();

    static IntFunction<String> input(String kind) {
        return n -> switch (kind) {
            case "digits" -> "7".repeat(n);
            case "digit-groups" -> "1234 ".repeat(n / 5);
            case "dots" -> "1.".repeat(n / 2);
            case "ats" -> "a@".repeat(n / 2);
            case "brackets" -> "[".repeat(n / 2) + "]".repeat(n / 2);
            case "colons" -> "a:".repeat(n / 2);
            case "tokens" -> "<A_1".repeat(n / 4);
            case "assignments" -> "token=".repeat(n / 6);
            case "emails" -> "a.b@c.de ".repeat(n / 9);
            case "card-like" -> "4111 1111 1111 1111 ".repeat(n / 20);
            case "pem-headers" -> "-----BEGIN PRIVATE KEY-----\nMIIE\n".repeat(n / 33);
            default -> throw new IllegalArgumentException(kind);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"digits", "digit-groups", "dots", "ats", "brackets", "colons", "tokens", "assignments",
        "emails", "card-like", "pem-headers"})
    void adversarialInputCostsWorkLinearInItsSize(String kind) {
        IntFunction<String> make = input(kind);
        long small = work(make.apply(SMALL));
        long large = work(make.apply(LARGE));
        System.out.printf("%-12s work %,d chars for %,d, %,d for %,d%n", kind, small, SMALL, large, LARGE);
        assertTrue(large <= LINEAR * small + 1_000, kind + ": 4x the input cost " + large + " chars of work against "
                + small + " (" + (double) large / Math.max(small, 1) + "x)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "1", ".", "@", "<", " "})
    void twoMegabytesOfOneCharacterFinish(String c) {
        String text = c.repeat(2 * 1024 * 1024);
        SanitizeResult r = pii.sanitize(new SanitizeRequest(text), "adversarial");
        // One character repeated is nobody's personal data: nothing is found, and the text comes back as it was.
        assertTrue(r.entities().isEmpty(), () -> r.entities().size() + " findings, first " + r.entities().get(0));
        assertTrue(text.equals(r.text()), "the text changed");
    }

    private long work(String text) {
        Analyzer.Work work = analyzer.newWork();
        analyzer.analyzeWithRepeats(text, null, 0.5, work);
        return work.total();
    }
}
