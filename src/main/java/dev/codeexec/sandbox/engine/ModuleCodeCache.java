package dev.codeexec.sandbox.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Compiled library modules (the standard library, the packages, the sandbox's own guest modules) shared by every
 * interpreter of one engine, as marshal data. GraalPy keeps, for the life of the engine, a root node for every
 * function of every code object a context compiles (PythonLanguage.runtimeCachedRootNodes, keyed by the compiled
 * unit), and a context compiles each module it imports from its source: every new interpreter added the code of the
 * modules it imported, for good (docs/benchmarks.md, eighth session). Code loaded with marshal is cached by GraalPy
 * per content instead, so interpreters that load a module from here share one copy of its code.
 *
 * <p>Nothing here comes from a guest but a path or a guest module's name: the host reads the file itself, only
 * under the library roots, and compiles it in an interpreter of its own that never runs caller code, so no caller can
 * hand another caller code of its making. Keyed by path and a digest of the content, so a changed file is compiled
 * afresh. Bounded: past {@code maxChars} of marshal data, nothing is added and guests compile as before.
 *
 * <p>Modules the worker that recorded the ahead-of-time cache compiled come from a {@link ModuleCodeFile}; they need
 * no compiler, so a worker's first interpreter loads them too. Only paths that file names are read for it.
 */
final class ModuleCodeCache {

    /** Marshal data kept at most (one char a byte): the standard library and packages of typical runs take a few MB. */
    static final long MAX_CHARS = 64L << 20;

    /** Compiles Python source (one char a byte) as a module at {@code path}; returns marshal data, one char a byte. */
    interface Compiler {
        String compile(String path, String source);
    }

    private final Compiler compiler;
    private final Supplier<List<Path>> roots;
    private final Map<String, String> guestModules;
    private final long maxChars;
    private final ModuleCodeFile stored;
    private final ConcurrentHashMap<String, String> code = new ConcurrentHashMap<>();
    private final AtomicLong chars = new AtomicLong();
    private final AtomicLong compilations = new AtomicLong();
    private final AtomicLong storedLoads = new AtomicLong();

    /**
     * @param roots        real paths of the directories whose {@code .py} files may be shared (asked on each miss)
     * @param guestModules the sandbox's guest modules by name, shared as {@code <name>}
     */
    ModuleCodeCache(Compiler compiler, Supplier<List<Path>> roots, Map<String, String> guestModules, long maxChars,
            ModuleCodeFile stored) {
        this.compiler = compiler;
        this.roots = roots;
        this.guestModules = Map.copyOf(guestModules);
        this.maxChars = maxChars;
        this.stored = stored;
    }

    /**
     * The marshal data of the module at {@code path} (or of the guest module {@code <name>}), or null: compile it.
     * Without {@code mayCompile} only modules already compiled are given.
     */
    String code(String path, boolean mayCompile) {
        boolean known = stored.knows(path);
        if (!known && !mayCompile) {
            return null;
        }
        String source = source(path, known, mayCompile);
        if (source == null) {
            return null;
        }
        String key = path + "\0" + digest(source);
        String kept = code.get(key);
        if (kept != null) {
            return kept;
        }
        String loaded = known ? stored.read(key) : null;
        if (loaded != null && keep(key, loaded)) {
            storedLoads.incrementAndGet();
            return loaded;
        }
        if (!mayCompile) {
            return null;
        }
        String compiled;
        synchronized (compiler) {
            kept = code.get(key);
            if (kept != null) {
                return kept;
            }
            try {
                compiled = compiler.compile(path, source);
                compilations.incrementAndGet();
            } catch (RuntimeException e) {
                // A syntax error, say: the guest compiles it itself and reports it as Python does.
                return null;
            }
            if (!keep(key, compiled)) {
                return null;
            }
        }
        return compiled;
    }

    /** Keeps {@code data} under {@code key} unless that would pass the bound. */
    private boolean keep(String key, String data) {
        if (chars.addAndGet(data.length()) > maxChars) {
            chars.addAndGet(-data.length());
            return false;
        }
        if (code.putIfAbsent(key, data) != null) {
            chars.addAndGet(-data.length());
        }
        return true;
    }

    /**
     * Every module kept here, by key: what a worker recording the ahead-of-time cache writes to a
     * {@link ModuleCodeFile}.
     */
    Map<String, String> entries() {
        return Map.copyOf(code);
    }

    /** Sources compiled here since start. */
    long compilations() {
        return compilations.get();
    }

    /** Modules taken from the stored file since start. */
    long storedLoads() {
        return storedLoads.get();
    }

    /**
     * The source at {@code path}, one char a byte, when it may be shared; null otherwise. A path the stored file
     * names ({@code known}) was under the library roots of the worker that compiled it, and its entry is used only
     * for the content it was compiled from; asking for the roots builds the compiler, which only {@code mayCompile}
     * allows.
     */
    private String source(String path, boolean known, boolean mayCompile) {
        if (path.startsWith("<") && path.endsWith(">")) {
            String module = guestModules.get(path.substring(1, path.length() - 1));
            return module == null ? null : new String(module.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        }
        if (!path.endsWith(".py")) {
            return null;
        }
        try {
            Path real = Path.of(path).toRealPath();
            boolean shared = known || mayCompile && roots.get().stream().anyMatch(real::startsWith);
            if (!Files.isRegularFile(real) || !shared) {
                return null;
            }
            return new String(Files.readAllBytes(real), StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String digest(String source) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(source.getBytes(StandardCharsets.ISO_8859_1)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
