package dev.codeexec.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * What one tenant's inputs (bridge calls, HTTP bodies) carry through the server at once, and that no other tenant
 * waits for it. A call that
 * should go in at once and does not fails the test by its timeout.
 */
@Timeout(60)
class InFlightBudgetTest {

    private static final int BUDGET = 100;

    @Test
    void aTenantsCallPastItsBudgetWaitsForItsEarlierOnesAndNoOtherTenantWaits() throws Exception {
        InFlightBudget budget = new InFlightBudget(BUDGET);
        AtomicInteger aliceInside = new AtomicInteger();
        InFlightBudget.Held first = budget.enter("alice", 80);
        aliceInside.incrementAndGet();

        CountDownLatch secondIn = new CountDownLatch(1);
        Thread second = Thread.ofPlatform().start(() -> {
            try (InFlightBudget.Held held = budget.enter("alice", 80)) {
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
        InFlightBudget budget = new InFlightBudget(BUDGET);
        InFlightBudget.Held a = budget.enter("alice", 40);
        InFlightBudget.Held b = budget.enter("alice", 60);
        budget.enter("alice", 0).close();
        a.close();
        b.close();
        // The budget came back whole once they left.
        budget.enter("alice", BUDGET).close();
    }

    @Test
    void aTenantsInputPastItsBudgetIsRefusedWithoutWaitingWhileAnotherTenantGoesIn() {
        InFlightBudget budget = new InFlightBudget(BUDGET);
        InFlightBudget.Held first = budget.tryEnter("alice", 80).orElseThrow();
        assertTrue(budget.tryEnter("alice", 80).isEmpty(), "alice's second large input went in beside her first");
        budget.tryEnter("bob", BUDGET).orElseThrow().close();
        budget.tryEnter("alice", 20).orElseThrow().close();
        first.close();
        first.close();
        // Closed twice, it gave its share back once: the whole budget, and no more.
        InFlightBudget.Held all = budget.tryEnter("alice", BUDGET).orElseThrow();
        assertFalse(budget.tryEnter("alice", 1).isPresent(), "a double close gave back more than was taken");
        all.close();
    }

    @Test
    void anInputLargerThanTheBudgetTakesItAllAndGoesInAlone() {
        InFlightBudget budget = new InFlightBudget(BUDGET);
        InFlightBudget.Held huge = budget.tryEnter("alice", 10L * BUDGET).orElseThrow();
        assertTrue(budget.tryEnter("alice", 1).isEmpty());
        huge.close();
        budget.tryEnter("alice", BUDGET).orElseThrow().close();
    }
}
