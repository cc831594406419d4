package dev.codeexec.pii;

import java.util.function.IntFunction;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Not a timed test: prints how long sanitize takes on LinearTimeTest's adversarial inputs at 0.5 and 2 M
 * chars (best of three after a warm-up) and the ratio, which is about 4 for linear time. LinearTimeTest
 * checks the same growth deterministically, in counted work. Run:
 * {@code mvn -q -B test -Dtest=LinearTimeBenchmark -Dbenchmark=true -Dsurefire.failIfNoSpecifiedTests=false}.
 */
@EnabledIfSystemProperty(named = "benchmark", matches = "true")
class LinearTimeBenchmark {

    private final PiiService pii = TestPii.service();

    @ParameterizedTest
    @ValueSource(strings = {"digits", "digit-groups", "dots", "ats", "brackets", "colons", "tokens", "assignments",
        "emails", "card-like", "pem-headers"})
    void sanitizeTime(String kind) {
        IntFunction<String> make = LinearTimeTest.input(kind);
        time(make.apply(200_000)); // warm-up
        long small = best(make.apply(500_000));
        long large = best(make.apply(2_000_000));
        System.out.printf("%-12s 0.5M: %5d ms, 2M: %5d ms, ratio %.1f%n", kind, small / 1_000_000, large / 1_000_000,
                (double) large / Math.max(small, 1));
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
        pii.sanitize(new SanitizeRequest(text), "benchmark");
        return System.nanoTime() - start;
    }
}
