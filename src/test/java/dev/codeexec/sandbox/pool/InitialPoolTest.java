package dev.codeexec.sandbox.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The order in which the initial pool's workers start, and for which tenants. */
class InitialPoolTest {

    /** The running slots go round the served tenants; the spare place is left empty when all have one. */
    @Test
    void theInitialPoolGoesRoundTheServedTenants() {
        Path l = Path.of("local");
        Path a = Path.of("tenant-a");
        Path b = Path.of("tenant-b");
        assertEquals(List.of(l, l), InitialPool.plan(List.of(l), 2, 3));
        assertEquals(List.of(l, a), InitialPool.plan(List.of(l, a), 2, 3));
        assertEquals(List.of(l, a, b), InitialPool.plan(List.of(l, a, b), 2, 3));
        assertEquals(List.of(l, a, l, a), InitialPool.plan(List.of(l, a), 4, 5));
        Path c = Path.of("tenant-c");
        assertEquals(List.of(l, a, b, c), InitialPool.plan(List.of(l, a, b, c), 2, 5));
        assertEquals(List.of(l, a, b), InitialPool.plan(List.of(l, a, b, c), 2, 3), "bounded by the places");
    }
}
