package dev.codeexec.sandbox.engine;

import dev.codeexec.sandbox.PythonPackages;
import dev.codeexec.sandbox.Utf8;
import dev.codeexec.workspace.WorkspaceQuota;
import dev.codeexec.workspace.WorkspaceQuotaBridge;
import dev.codeexec.workspace.WorkspaceRoot;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.EnvironmentAccess;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.PolyglotAccess;
import org.graalvm.polyglot.SandboxPolicy;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.io.FileSystem;
import org.graalvm.polyglot.io.IOAccess;

/**
 * Builds confined Python interpreters on one shared engine. Deny by default: the only IO is the
 * workspace (plus the read-only standard library inside GraalPy's internal resources and the read-only
 * packages directory, on {@code sys.path} after the standard library); no host
 * access, no polyglot access, no environment, no processes, no native code, and the context's streams are its
 * own. Threads are allowed, capped per run by the driver and ended with the run (see GuestDriver). {@link SandboxPolicy#CONSTRAINED} validates that configuration.
 *
 * <p>Plain Java with no CDI, because the worker process uses it too.
 */
public final class SandboxContexts implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(SandboxContexts.class.getName());
    static final String LANGUAGE = "python";
    /**
     * The bridge call whose replies are tool results: tools.call of an upstream tool. Local registry tools run in the
     * guest itself, so what they read counts as files read; their definitions and sources are code, not intake.
     */
    private static final String TOOLS_SERVICE = "tools";
    private static final String UPSTREAM_CALL = "call_upstream";
    /** No host object is visible or mappable; the policy also wants mutable target mappings off. */
    private static final HostAccess NO_HOST_ACCESS = HostAccess.newBuilder().allowMutableTargetMappings().build();

    /** The guest json module's decoder for large documents (JsonToMarshal); strings in, a string or null out. */
    private static final ProxyExecutable DECODE_JSON =
            args -> JsonToMarshal.decode(args[0].asString(), args[1].asInt(), args[2].asBoolean());
    /** The guest ElementTree's parser of whole documents (XmlToMarshal): bytes as Latin-1 in, a string or null out. */
    private static final ProxyExecutable PARSE_XML = args -> XmlToMarshal.parse(args[0].asString(), args[1].asBoolean());
    /** The guest json encoder's layout for indent (JsonIndent): strings in, a string or null out. */
    private static final ProxyExecutable INDENT_JSON =
            args -> JsonIndent.indent(args[0].asString(), args[1].asString(), args[2].asString(), args[3].asString());

    private final Engine engine;
    private final WorkspaceRoot workspace;
    /** Confinement of every workspace interpreters were built for: the default one and each tenant's. */
    private final java.util.Map<Path, WorkspaceRoot> roots = new java.util.concurrent.ConcurrentHashMap<>();
    private final Optional<WorkspaceRoot> packagesRoot;
    private final WorkspaceQuota quota;
    private final Source driver;
    /** Library code compiled once for every interpreter of the engine. */
    private final ModuleCodeCache moduleCode;
    private final ModuleCodeFile storedCode;
    /** The guest's door to it: a path (or {@code <guest module>}) in, marshal data or null out. */
    private final ProxyExecutable sharedCode;
    /** The interpreter that compiles for {@link #moduleCode}, built by {@link #shareModuleCode}; it never runs caller code. */
    private Context compilerContext;
    private volatile Value compiler;
    private List<Path> libraryRoots;
    /** Why the compiler could not be built: then it is not tried again, and guests compile for themselves. */
    private RuntimeException compilerFailure;
    private final HostCalls host;
    /** Closed files' settlements not sent yet, of every interpreter built here: one process's leases. */
    private final Settlements settlements = new Settlements();
    /** Numbers the interpreters built here, so a bridge call names the one that made it. */
    private final java.util.concurrent.atomic.AtomicLong interpreters = new java.util.concurrent.atomic.AtomicLong();
    private final String guestModuleFields;
    private final String packageFields;
    private final int threadsPerRun;

    /** @param threadsPerRun threads a run may have alive besides its own (sandbox.threads-per-run) */
    public SandboxContexts(WorkspaceRoot workspace, PythonPackages packages, WorkspaceQuota quota, int threadsPerRun,
            OutputStream engineLog, HostCalls host) {
        this(workspace, packages, quota, threadsPerRun, engineLog, host, Optional.empty());
    }

    /**
     * @param storedCode a file of library modules compiled by the worker that recorded the ahead-of-time cache
     *                   ({@link #recordModuleCode}); one that cannot be read is ignored
     */
    public SandboxContexts(WorkspaceRoot workspace, PythonPackages packages, WorkspaceQuota quota, int threadsPerRun,
            OutputStream engineLog, HostCalls host, Optional<Path> storedCode) {
        if (threadsPerRun < 0) {
            throw new IllegalArgumentException("sandbox.threads-per-run must be 0 or more, got " + threadsPerRun);
        }
        this.threadsPerRun = threadsPerRun;
        this.workspace = workspace;
        roots.put(workspace.path(), workspace);
        // Confined by real path like the workspace: a symlink inside it that points elsewhere is refused.
        this.packagesRoot = packages.root().map(WorkspaceRoot::new);
        this.quota = quota;
        this.host = host;
        // Joined with NUL, which no module name, Python source or path contains: the driver splits them
        // without importing json.
        java.util.Map<String, String> guestModules = GuestModules.load();
        this.guestModuleFields = String.join("\0", guestModules.entrySet().stream()
                .flatMap(module -> Stream.of(module.getKey(), module.getValue())).toList());
        this.packageFields = String.join("\0", Stream.concat(
                Stream.of(packages.root().map(Path::toString).orElse("")), packages.publicImports().stream()).toList());
        this.engine = Engine.newBuilder(LANGUAGE)
                .sandbox(SandboxPolicy.CONSTRAINED)
                .out(OutputStream.nullOutputStream())
                // Wrapped: the policy refuses the process's own stream, and this one carries engine warnings only.
                .err(new java.io.FilterOutputStream(engineLog))
                .option("engine.WarnInterpreterOnly", "false")
                .build();
        this.driver = Source.newBuilder(LANGUAGE, GuestDriver.SOURCE, "<codeexec-driver>").buildLiteral();
        this.storedCode = storedCode.map(SandboxContexts::openStored).orElseGet(ModuleCodeFile::none);
        this.moduleCode = new ModuleCodeCache(this::compile, this::libraryRoots, guestModules, ModuleCodeCache.MAX_CHARS,
                this.storedCode);
        // Until the compiler is built, only the stored modules are shared.
        this.sharedCode = args -> moduleCode.code(args[0].asString(), compiler != null);
    }

    private static ModuleCodeFile openStored(Path file) {
        try {
            return ModuleCodeFile.open(file);
        } catch (java.io.IOException e) {
            LOG.log(Level.WARNING, "stored library modules not used ({0}): {1}", new Object[] {file, e.getMessage()});
            return ModuleCodeFile.none();
        }
    }

    /**
     * Compiles the library modules the first runs of agents import (the spares' preload) and those they import later
     * ({@link StoredImports}) along with what ran here before, and writes every module compiled so far to {@code file},
     * for workers started later. Called by the worker that records the ahead-of-time cache, which runs no caller's
     * code: nothing in the file comes from a caller.
     */
    public void recordModuleCode(Path file) throws java.io.IOException, InterruptedException {
        ensureCompiler();
        try (PythonInterpreter interpreter = newInterpreter(workspace, HostCalls.REFUSE_ALL)) {
            new SparePreload().prepare(interpreter);
        }
        try (PythonInterpreter interpreter = newInterpreter(workspace, HostCalls.REFUSE_ALL)) {
            new StoredImports().importAll(interpreter);
        }
        ModuleCodeFile.write(file, moduleCode.entries());
    }

    public WorkspaceRoot workspace() {
        return workspace;
    }

    /** The workspace at {@code path}, or the default one for {@code null}. */
    WorkspaceRoot root(Path path) {
        return path == null ? workspace : roots.computeIfAbsent(path, WorkspaceRoot::new);
    }

    /**
     * A new interpreter with the driver loaded, ready for one caller, confined to {@code workspace} for its whole
     * life: an interpreter never changes workspace, so it can never carry one tenant's open files into another's.
     */
    public PythonInterpreter newInterpreter(WorkspaceRoot workspace) {
        return newInterpreter(workspace, host);
    }

    /** The same, with its bridge calls going to {@code host} (the warm-up's refuses them all). */
    public PythonInterpreter newInterpreter(WorkspaceRoot workspace, HostCalls host) {
        long id = interpreters.incrementAndGet();
        RedirectableOutput out = new RedirectableOutput();
        RedirectableOutput err = new RedirectableOutput();
        RedirectableInput in = new RedirectableInput();
        java.util.concurrent.atomic.AtomicReference<String> owner = new java.util.concurrent.atomic.AtomicReference<>("");
        // The guest's one door to the host: strings in, a string out, on behalf of the current caller.
        // The ledger service is the file system's, not the guest's: guest code could otherwise settle leases it holds.
        RunIntake intake = new RunIntake();
        ProxyExecutable hostCall = args -> {
            String service = args[0].asString();
            if (WorkspaceQuotaBridge.SERVICE.equals(service)) {
                return "{\"error\":\"unknown service '" + WorkspaceQuotaBridge.SERVICE + "'\",\"kind\":\"not_found\"}";
            }
            String method = args[1].asString();
            String reply = host.call(owner.get(), id, service, method, args[2].asString());
            if (TOOLS_SERVICE.equals(service) && UPSTREAM_CALL.equals(method)) {
                intake.tool(Utf8.length(reply));
            }
            return reply;
        };
        BridgeLedger ledger = new BridgeLedger(host, owner::get, id, settlements);
        return PythonInterpreter.start(id, out, err, in, owner, unused -> {
            ConfinedFileSystem confined = new ConfinedFileSystem(workspace, packagesRoot, quota, ledger, intake);
            Context context = buildContext(workspace, confined, out, err, in, true);
            try {
                Value bindings = context.getBindings(LANGUAGE);
                bindings.putMember("__codeexec_host_call", hostCall);
                bindings.putMember("__codeexec_rename",
                        (ProxyExecutable) args -> confined.rename(args[0].asString(), args[1].asString()));
                bindings.putMember("__codeexec_json", DECODE_JSON);
                bindings.putMember("__codeexec_xml", PARSE_XML);
                bindings.putMember("__codeexec_json_indent", INDENT_JSON);
                bindings.putMember("__codeexec_module_code", sharedCode);
                bindings.putMember("__codeexec_modules", guestModuleFields);
                bindings.putMember("__codeexec_packages", packageFields);
                bindings.putMember("__codeexec_threads", threadsPerRun);
                return new PythonInterpreter.Parts(context, context.eval(driver), confined, intake);
            } catch (RuntimeException e) {
                context.close(true);
                throw e;
            }
        });
    }

    private Context buildContext(WorkspaceRoot workspace, ConfinedFileSystem confined, OutputStream out,
            OutputStream err, java.io.InputStream in, boolean threads) {
        return Context.newBuilder(LANGUAGE)
                .engine(engine)
                .sandbox(SandboxPolicy.CONSTRAINED)
                .out(out)
                .err(err)
                .in(in)
                .allowIO(IOAccess.newBuilder().fileSystem(FileSystem.allowInternalResourceAccess(confined)).build())
                .currentWorkingDirectory(workspace.path())
                .allowHostAccess(NO_HOST_ACCESS)
                .allowHostClassLookup(name -> false)
                .allowPolyglotAccess(PolyglotAccess.NONE)
                .allowEnvironmentAccess(EnvironmentAccess.NONE)
                .allowCreateProcess(false)
                .allowCreateThread(threads)
                .allowNativeAccess(false)
                .build();
    }

    /**
     * Builds the interpreter that compiles library modules for every other ({@link ModuleCodeCache}). Until then,
     * interpreters compile their imports themselves: a worker's first interpreter does not wait for a second one to
     * be built (0.3-0.7 s of a first call, docs/benchmarks.md), at the cost of its own copy of what it imports.
     */
    public void shareModuleCode() {
        try {
            ensureCompiler();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "library modules are compiled by each interpreter: {0}", e.toString());
        }
    }

    /** Compiles for {@link ModuleCodeCache} (which serializes the calls) in the interpreter kept for it. */
    private String compile(String path, String source) {
        ensureCompiler();
        return compiler.execute(path, source).asString();
    }

    /** The standard library's real directory (the compiler tells it) and the packages'. */
    private List<Path> libraryRoots() {
        ensureCompiler();
        return libraryRoots;
    }

    private synchronized void ensureCompiler() {
        if (compiler != null) {
            return;
        }
        if (compilerFailure != null) {
            throw compilerFailure;
        }
        // Its own file system, with no bridge: it only parses what the host read, and runs nothing else.
        ConfinedFileSystem confined = new ConfinedFileSystem(workspace, packagesRoot, quota,
                new BridgeLedger(HostCalls.REFUSE_ALL, () -> "", 0, new Settlements()), new RunIntake());
        Context context = buildContext(workspace, confined, OutputStream.nullOutputStream(),
                OutputStream.nullOutputStream(), java.io.InputStream.nullInputStream(), false);
        try {
            Value made = context.eval(Source.create(LANGUAGE, """
                    import marshal, os
                    def compile_module(path, source):
                        code = compile(source.encode("latin-1"), path, "exec", dont_inherit=True)
                        return marshal.dumps(code).decode("latin-1")
                    (compile_module, os.path.dirname(os.path.realpath(os.__file__)))
                    """));
            List<Path> dirs = new java.util.ArrayList<>(List.of(Path.of(made.getArrayElement(1).asString())));
            packagesRoot.ifPresent(p -> dirs.add(p.path()));
            libraryRoots = List.copyOf(dirs);
            compiler = made.getArrayElement(0);
            compilerContext = context;
        } catch (RuntimeException e) {
            context.close(true);
            compilerFailure = e;
            throw e;
        }
    }

    /** Sources {@link ModuleCodeCache} compiled since start (each shared by every interpreter after). */
    long moduleCompilations() {
        return moduleCode.compilations();
    }

    /** Modules loaded from the stored file instead ({@link #recordModuleCode}). */
    long storedModuleLoads() {
        return moduleCode.storedLoads();
    }


    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        synchronized (this) {
            if (compilerContext != null) {
                compilerContext.close(true);
            }
        }
        engine.close(true);
        try {
            storedCode.close();
        } catch (java.io.IOException e) {
            LOG.log(Level.FINE, "stored library modules: {0}", e.getMessage());
        }
    }
}
