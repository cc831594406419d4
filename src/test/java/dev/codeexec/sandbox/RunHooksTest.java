package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunHooksTest {

    /**
     * A watcher that throws is dropped for the rest of the run, and the caller (a worker's reply thread) goes on
     * (mutation-checked: rethrown, the first write ends the test with the watcher's exception).
     */
    @Test
    void aFailingWatcherIsDroppedAndNeverStopsTheCaller() {
        List<String> seen = new ArrayList<>();
        RunHooks hooks = new RunHooks((stderr, bytes, offset, length) -> {
            seen.add(new String(bytes, offset, length, StandardCharsets.UTF_8));
            throw new ArrayIndexOutOfBoundsException(-1);
        }, () -> { });
        byte[] first = "first".getBytes(StandardCharsets.UTF_8);
        byte[] second = "second".getBytes(StandardCharsets.UTF_8);
        hooks.output(false, first, 0, first.length);
        hooks.output(false, second, 0, second.length);
        assertEquals(List.of("first"), seen);
    }
}
