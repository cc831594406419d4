package dev.codeexec.sandbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What one tenant's bridge calls carry through the server at once, and that no other tenant waits for it. A call that
 * should go in at once and does not fails the test by its timeout.
 */
@Timeout(60)
class BridgeArgumentBudgetTest {

    private static final int BUDGET = 100;

    @Test
    void aTenantsCallPastItsBudgetWaitsForItsEarlierOnesAndNoOtherTenantWaits() throws Exception {
        BridgeArgumentBudget budget = new BridgeArgumentBudget(BUDGET);
        AtomicInteger aliceInside = new AtomicInteger();
        BridgeArgumentBudget.Held first = budget.enter("alice", 80);
        aliceInside.incrementAndGet();

        CountDownLatch secondIn = new CountDownLatch(1);
        Thread second = Thread.ofPlatform().start(() -> {
            try (BridgeArgumentBudget.Held held = budget.enter("alice", 80)) {
                aliceInside.incrementAndGet();
                secondIn.countDown();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        while (second.getState() != Thread.State.WAITING && secondIn.getCount() > 0) {
            Thread.onSpinWait();
        }
        assertEquals(1, aliceInside.get(), "alice's second large call went in beside her first");

        // Another tenant's call of its whole budget goes in meanwhile (the test's timeout fails it otherwise).
        budget.enter("bob", BUDGET).close();

        first.close();
        assertTrue(secondIn.await(10, TimeUnit.SECONDS), "alice's second call went in once her first left");
        second.join();
        assertEquals(2, aliceInside.get());
    }

    @Test
    void callsWithinTheBudgetGoInTogether() throws InterruptedException {
        BridgeArgumentBudget budget = new BridgeArgumentBudget(BUDGET);
        BridgeArgumentBudget.Held a = budget.enter("alice", 40);
        BridgeArgumentBudget.Held b = budget.enter("alice", 60);
        budget.enter("alice", 0).close();
        a.close();
        b.close();
        // The budget came back whole once they left.
        budget.enter("alice", BUDGET).close();
    }
}
