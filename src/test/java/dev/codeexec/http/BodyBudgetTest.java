package dev.codeexec.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The default of codeexec.http.max-body-bytes-in-flight follows the heap, and a chunked body counts as the most. */
class BodyBudgetTest {

    private static final long MAX_BODY = 16L << 20;

    @Test
    void theDefaultIsAThirtySecondOfTheHeapAndAtLeastOneMebibyte() {
        assertEquals(10L << 20, new BodyBudget(Optional.empty(), 320L << 20, MAX_BODY).perTenant());
        assertEquals(1L << 20, new BodyBudget(Optional.empty(), 16L << 20, MAX_BODY).perTenant());
        assertEquals(4096, new BodyBudget(Optional.of(4096L), 320L << 20, MAX_BODY).perTenant());
    }

    @Test
    void aSettingOutOfRangeStopsTheStartNamingIt() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new BodyBudget(Optional.of(0L), 320L << 20, MAX_BODY));
        assertTrue(e.getMessage().startsWith("codeexec.http.max-body-bytes-in-flight must be between 1 and "));
    }

    @Test
    void aChunkedBodyTakesTheWholeBudgetWhenTheBodyLimitExceedsIt() {
        BodyBudget budget = new BodyBudget(Optional.of(1000L), 320L << 20, MAX_BODY);
        var chunked = budget.admit("alice", -1).orElseThrow();
        assertTrue(budget.admit("alice", 1).isEmpty());
        assertTrue(budget.admit("bob", 1000).isPresent());
        chunked.close();
        assertTrue(budget.admit("alice", 1000).isPresent());
    }
}
