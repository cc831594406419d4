package dev.codeexec.pii;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Adversarial inputs must cost time linear in their size. Instead of absolute timings, each input is
 * analyzed at 1, 2 and 4 MiB-ish sizes and the growth ratio is compared loosely (quadratic work would
 * show a ratio near 16 from the smallest to the largest; linear near 4). The 10 MB single-character case
 * runs once, finishes, and finds nothing.
 */
class LinearTimeTest {

    private final PiiService pii = TestPii.service();

    private static IntFunction<String> input(String kind) {
        return n -> switch (kind) {
            case "digits" -> "7".repeat(n);
            case "digit-groups" -> "1234 ".repeat(n / 5);
            case "dots" -> "1.".repeat(n / 2);
            case "ats" -> "a@".repeat(n / 2);
            case "brackets" -> "[".repeat(n / 2) + "]".repeat(n / 2);
            case "colons" -> "a:".repeat(n / 2);
            case "tokens" -> "<A_1".repeat(n / 4);
            case "assignments" -> "token=".repeat(n / 6);
            default -> throw new IllegalArgumentException(kind);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"digits", "digit-groups", "dots", "ats", "brackets", "colons", "tokens", "assignments"})
    void adversarialInputGrowsLinearly(String kind) {
        IntFunction<String> make = input(kind);
        time(make.apply(200_000)); // warm-up
        long small = best(make.apply(500_000));
        long large = best(make.apply(2_000_000));
        double ratio = (double) large / Math.max(small, 1);
        System.out.printf("%-12s 0.5M: %4d ms, 2M: %4d ms, ratio %.1f%n", kind, small / 1_000_000,
                large / 1_000_000, ratio);
        assertTrue(ratio < 10, kind + ": 4x the input took " + ratio + "x the time");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "1", ".", "@", "<", " "})
    void tenMegabytesOfOneCharacterFinish(String c) {
        String text = c.repeat(10 * 1024 * 1024);
        SanitizeResult r = pii.sanitize(new SanitizeRequest(text), "adversarial");
        // One character repeated is nobody's personal data: nothing is found, and the text comes back as it was.
        assertTrue(r.entities().isEmpty(), () -> r.entities().size() + " findings, first " + r.entities().get(0));
        assertTrue(text.equals(r.text()), "the text changed");
    }

    private long best(String text) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            best = Math.min(best, time(text));
        }
        return best;
    }

    private long time(String text) {
        long start = System.nanoTime();
        pii.sanitize(new SanitizeRequest(text), "adversarial");
        return System.nanoTime() - start;
    }
}
