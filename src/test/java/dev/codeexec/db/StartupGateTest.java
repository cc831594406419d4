package dev.codeexec.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.persistence.EntityManager;
import java.lang.reflect.Proxy;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * No database work before the server's start has opened the gate (mutation-checked: with {@code em()} not waiting,
 * the closed gate's refusal is not thrown).
 */
class StartupGateTest {

    private final EntityManager em = (EntityManager) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {EntityManager.class}, (proxy, method, args) -> {
                throw new AssertionError("not used in this test");
            });

    @Test
    void theDatabaseIsRefusedWhileTheServerStarts() {
        Database db = new Database(em, new StartupGate(Duration.ZERO));
        IllegalStateException refused = assertThrows(IllegalStateException.class, db::em);
        assertEquals("the database is not open yet: the server has been starting for 0 s", refused.getMessage());
    }

    @Test
    void theDatabaseIsServedOnceTheGateIsOpen() {
        StartupGate gate = new StartupGate(Duration.ZERO);
        gate.open();
        assertSame(em, new Database(em, gate).em());
    }
}
