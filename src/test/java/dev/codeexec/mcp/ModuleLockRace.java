package dev.codeexec.mcp;

/**
 * Guest code that forces two threads into one module's first import: {@code race_on_module_lock(module, first,
 * second, inside, release)} runs {@code first} on a thread until it sets {@code inside} (its import held inside the
 * module's top level until {@code release}), then {@code second} on another until that one waits on importlib's lock
 * for {@code module} or ends, then releases the first and joins both. Scheduling decides nothing.
 */
public final class ModuleLockRace {

    /** Defines {@code race_on_module_lock}; prepend it to a test's guest code. */
    public static final String PYTHON = """
            import importlib._bootstrap as _race_bootstrap, threading as _race_threading

            def race_on_module_lock(module, first, second, inside, release):
                def waiting():
                    ref = _race_bootstrap._module_locks.get(module)
                    lock = ref() if ref is not None else None
                    return lock is not None and len(lock.waiters) > 0
                importer = _race_threading.Thread(target=first)
                importer.start()
                inside.wait()
                other = _race_threading.Thread(target=second)
                other.start()
                while other.is_alive() and not waiting():
                    other.join(0.01)
                release.set()
                importer.join()
                other.join()
            """;

    private ModuleLockRace() {
    }
}
