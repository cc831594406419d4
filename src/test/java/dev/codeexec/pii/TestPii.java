package dev.codeexec.pii;

import java.time.Duration;

/** Builds the service without CDI for plain tests: built-in recognizers, default limits. */
final class TestPii {

    private TestPii() {
    }

    static PiiService service() {
        return new PiiService(new Analyzer(BuiltInRecognizers.all()),
                new PiiVault(10_000, 100, Long.MAX_VALUE, Duration.ofMinutes(30), System::currentTimeMillis, vaultCaller -> false), 10 * 1024 * 1024, 0.5);
    }
}
