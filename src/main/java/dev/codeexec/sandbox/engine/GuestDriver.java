package dev.codeexec.sandbox.engine;

/**
 * The trusted Python that runs inside every interpreter before any caller code. It imports only what it
 * needs itself (callers import on demand, and the imports stay warm in their interpreter) and returns
 * {@code run(source, reset) -> [exit status, recycle, internal errors, threads left]}, which compiles and executes
 * caller code the way {@code python -c} would: tracebacks go to stderr without the driver's own frame (and without
 * the Java stack GraalPy appends to its internal errors, whose class names come back instead), {@code SystemExit}
 * becomes the exit status, and the run's threads are joined as at exit (those still alive are counted). The run's
 * globals are the {@code __main__} module in {@code sys.modules}. Adjustments to standard modules live in
 * {@code guest/_codeexec_patches.py}.
 *
 * <p>With {@code reset} the run starts from a clean slate in an interpreter that already served the same
 * caller: a new {@code __main__} namespace; the builtins from a pristine copy; {@code sys} settings and hooks
 * (recursion limit, {@code argv}, {@code path}, {@code meta_path}, {@code path_hooks}, streams,
 * {@code displayhook}, {@code excepthook}), warning filters and exit handlers as the driver left them; the workspace
 * as working directory; files the caller opened flushed and closed; logging, decimal, random, the environment, csv's
 * dialects and ElementTree's prefixes as a new process has them ({@code guest/_codeexec_state.py}), as are settings
 * of the interpreter itself such as {@code sys.tracebacklimit}, trace hooks and gc
 * ({@code guest/_codeexec_settings.py}); and every module
 * imported since the driver started that is neither part of the standard library nor loaded from the packages
 * directory (skills, registry tools, workspace modules) dropped, so a new version loads. What persists is other
 * state the caller put into standard-library modules and packages. {@code recycle} is true after a {@code MemoryError}: the interpreter
 * should not serve again. An uncaught {@code ImportError} is explained in its own line (a missing package names
 * what is installed; a package that needs a C extension says so). A text the same interpreter ran
 * recently is not compiled again: its code object is reused, so machine code Truffle compiled for its functions
 * survives between runs (docs/benchmarks.md). Modules imported from the standard library, the packages directory or
 * the guest modules come compiled from the host, shared by every interpreter of the worker ({@link ModuleCodeCache}).
 */
final class GuestDriver {
    private GuestDriver() {
    }

    static final String SOURCE = """
            def __codeexec_make():
                # Not importlib.abc: it pulls in importlib.resources and with it typing, inspect, tempfile, pathlib
                # and some 40 more modules, which every new interpreter would parse and run.
                import sys, builtins, os, io, weakref, types, importlib
                import importlib.util, importlib.machinery, warnings, atexit
                from polyglot import ForeignException as foreign_exception

                library_path = list(sys.path)  # the standard library alone: "" and the packages join it below
                libraries = {}
                from importlib import _bootstrap
                from _thread import get_ident
                # Threads inside library(): their imports of top-level modules search the standard library alone.
                library_importers = set()

                class LibraryPathFinder:
                    # Per thread, where library() once swapped sys.path for everyone: another thread of the run
                    # importing a workspace module meanwhile did not find it, and two threads swapping at once could
                    # leave the library's path in place for the rest of the run.
                    def find_spec(self, name, path=None, target=None):
                        if path is not None or get_ident() not in library_importers:
                            return None
                        spec = importlib.machinery.PathFinder.find_spec(name, library_path)
                        if spec is None:  # not None: the finders after this one would search the workspace
                            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
                        return spec
                # After the built-in and frozen importers, which find what the library's path cannot.
                path_finder = importlib.machinery.PathFinder
                sys.meta_path.insert(sys.meta_path.index(path_finder) if path_finder in sys.meta_path
                                     else len(sys.meta_path), LibraryPathFinder())

                def library(name):
                    # json (host calls) and traceback (errors) bring re, linecache, tokenize and some 25 more
                    # modules, and most runs neither call the host nor fail: imported on first use, a new
                    # interpreter is ready 0.2-0.5 s sooner. Imported on the standard library's path, so that a
                    # file in the workspace (a json.py, a token.py) cannot stand in for them or what they import.
                    module = libraries.get(name)
                    if module is None:
                        # Under importlib's lock for the module, as an import statement: a module another thread is
                        # still running is complete once this one holds it (a pool's threads making their first pii
                        # calls at once got json half made), and a deadlock is reported as CPython reports one.
                        with _bootstrap._ModuleLockManager(name):
                            module = sys.modules.get(name)
                            if module is None or not is_library(module):
                                shadow, me = sys.modules.pop(name, None), get_ident()
                                nested = me in library_importers
                                library_importers.add(me)
                                try:
                                    module = importlib.import_module(name)
                                finally:
                                    if not nested:
                                        library_importers.discard(me)
                                    if shadow is not None:
                                        sys.modules[name] = shadow
                        libraries[name] = module
                    return module

                internal_errors = []  # Java exception class names behind this run's uncaught error, for the log

                # Frames of the sandbox's own Python (guest_patches.INTERNAL_FRAMES) are left out of a traceback
                # printed for the caller, as CPython prints none for the C code these stand in for.
                def without_internal_frames(report, seen):
                    while report is not None and id(report) not in seen:
                        seen.add(id(report))
                        report.stack[:] = [f for f in report.stack
                                          if not f.filename.startswith(guest_patches.INTERNAL_FRAMES)]
                        for member in report.exceptions or ():
                            without_internal_frames(member, seen)
                        without_internal_frames(report.__cause__, seen)
                        report = report.__context__

                def print_exception(e, tb):
                    try:
                        internal_errors.extend(guest_patches.java_exceptions(e))
                        report = library("traceback").TracebackException(type(e), e, tb, compact=True)
                        without_internal_frames(report, set())
                        sys.stderr.write("".join(report.format()))
                    except Exception:  # traceback could not load (out of memory, a failing import): its last line
                        try:
                            message = str(e)
                        except Exception:
                            message = ""
                        sys.stderr.write(type(e).__name__ + (": " + message if message else "") + "\\n")

                # GraalPy's JSON scanner takes ten times CPython's time on large documents. json.decoder builds its
                # scanner with _json.make_scanner: this one hands large documents in plain JSON to the
                # interpreter's process (JsonToMarshal), which returns them in marshal format, read back in one pass.
                # Whatever that path declines (hooks, NaN, malformed text) takes GraalPy's scanner, errors included.
                import _json, marshal
                decode_json = globals().pop("__codeexec_json")
                scanner_module = types.ModuleType("_json", _json.__doc__)
                scanner_module.__dict__.update({k: v for k, v in vars(_json).items() if k not in ("__name__", "__doc__")})

                def cpython_json_error(e):
                    # GraalPy's scanner reports a bad escape as "Invalid escape" at the character after the backslash,
                    # and an invalid unicode escape at the character after its u; CPython's names the backslash and
                    # the u, and says "Invalid \\\\escape".
                    doc, pos = getattr(e, "doc", None), getattr(e, "pos", None)
                    if type(doc) is not str or type(pos) is not int or not 0 < pos <= len(doc):
                        return None
                    if e.msg == "Invalid escape" and doc[pos - 1] == "\\\\":
                        return type(e)("Invalid \\\\escape", doc, pos - 1)
                    if e.msg == "Invalid \\\\uXXXX escape" and pos >= 2 and doc[pos - 2:pos] == "\\\\u":
                        return type(e)(e.msg, doc, pos - 1)
                    return None

                def cpython_json_errors(scan):
                    def scan_with_cpython_errors(*args):
                        try:
                            return scan(*args)
                        except ValueError as e:
                            fixed = cpython_json_error(e)
                            if fixed is None:
                                raise
                        raise fixed
                    return scan_with_cpython_errors
                scanner_module.scanstring = cpython_json_errors(_json.scanstring)

                def make_scanner(context, native=_json.make_scanner, loads=marshal.loads):
                    scanner = cpython_json_errors(native(context))
                    plain = (context.strict is True and context.object_hook is None and context.object_pairs_hook is None
                             and context.parse_float is float and context.parse_int is int)

                    def scan_once(string, idx):
                        if type(string) is str:
                            if 0 <= idx < len(string) and string[idx] in " \\t\\n\\r":
                                # GraalPy 25.2's scanner skips white space at idx; CPython's, and raw_decode with it,
                                # finds no value there.
                                raise StopIteration(idx)
                            # Only near the start: the host path declines anything but white space before idx, so
                            # for raw_decode deep in a long string the call would be for nothing (7% of a loop's time).
                            if plain and idx < 64 and len(string) - idx >= JSON_MIN_CHARS:
                                document = decode_json(string, idx, False)
                                if document == "":  # ASK_ABOUT_SURROGATES: one character each pair, unless
                                    # the string holds surrogate code points, which the host cannot tell apart
                                    surrogate = library("re").search("[\\ud800-\\udfff]", string)
                                    document = None if surrogate else decode_json(string, idx, True)
                                if document is not None:
                                    return loads(document.encode("latin-1"))
                        return scanner(string, idx)
                    return scan_once
                scanner_module.make_scanner = make_scanner
                sys.modules["_json"] = scanner_module

                def fields(text):
                    return text.split("\\0")  # the host joins names, sources and paths with NUL, found in none

                # The bridge: the host's call function and the capability modules, taken out of
                # __main__ before any caller code runs.
                host_call = globals().pop("__codeexec_host_call")
                names_and_sources = fields(globals().pop("__codeexec_modules"))
                module_sources = dict(zip(names_and_sources[0::2], names_and_sources[1::2]))
                packages_dir, *package_imports = fields(globals().pop("__codeexec_packages"))
                # Library code stays loaded between runs of one caller: the standard library and the packages.
                library_dirs = tuple(d + os.sep for d in (os.path.dirname(os.path.abspath(os.__file__)), packages_dir) if d)

                # GraalPy keeps the code of everything a context compiles for the life of the engine, and a context
                # compiles every module it imports: library code comes from the host as marshal data instead (the
                # host reads and compiles the file itself), which GraalPy shares between contexts (ModuleCodeCache).
                module_code = globals().pop("__codeexec_module_code")

                def shared_code(path, compile_it, loads=marshal.loads):
                    kept = module_code(path)
                    return compile_it() if kept is None else loads(kept.encode("latin-1"))

                from importlib import _bootstrap_external
                compile_module = _bootstrap_external.SourceLoader.source_to_code

                def source_to_code(self, data, path, *, _optimize=-1):
                    if (_optimize == -1 and type(data) is bytes and type(path) is str
                            and os.path.abspath(path).startswith(library_dirs)):
                        return shared_code(path, lambda: compile_module(self, data, path))
                    return compile_module(self, data, path, _optimize=_optimize)
                _bootstrap_external.SourceLoader.source_to_code = source_to_code
                bridge = types.ModuleType("_codeexec_bridge", "Calls host services (skills, pii, tools).")

                def call(service, method, args=None):
                    json = library("json")
                    reply = json.loads(str(host_call(str(service), str(method), json.dumps({} if args is None else args))))
                    if "error" in reply:
                        kind = reply.get("kind")
                        error = (LookupError if kind == "not_found" else ValueError if kind == "invalid"
                                 else RuntimeError)(reply["error"])
                        # A finer reason some refusals name (upstream_timeout, ...): a capability module raises a
                        # class of its own for it rather than parse the message.
                        error.code = reply.get("code")
                        raise error
                    return reply.get("result")
                bridge.call = call
                sys.modules["_codeexec_bridge"] = bridge

                # os.rename/os.replace: Truffle's file layer cannot move atomically, so the file system's own
                # rename does, confined to the workspace like every other file access. It resolves relative names
                # against the workspace root, so they are resolved here against the working directory os.chdir set.
                import errno
                native_rename, native_replace = os.rename, os.replace
                rename_in_workspace = globals().pop("__codeexec_rename")
                workspace_root = os.getcwd()

                def workspace_rename(native):
                    def rename(src, dst, *, src_dir_fd=None, dst_dir_fd=None):
                        if src_dir_fd is not None or dst_dir_fd is not None:
                            return native(src, dst, src_dir_fd=src_dir_fd, dst_dir_fd=dst_dir_fd)
                        flush_open_files()
                        source, target = os.fsdecode(src), os.fsdecode(dst)
                        here = os.getcwd()
                        code, _, reason = str(rename_in_workspace(os.path.join(here, source) if source else source,
                                                                  os.path.join(here, target) if target else target)
                                              ).partition(" ")
                        if code:
                            number = getattr(errno, code, errno.EIO)
                            raise OSError(number, reason or os.strerror(number), source, None, target)
                    rename.__name__ = native.__name__
                    rename.__doc__ = native.__doc__
                    return rename
                os.rename = workspace_rename(native_rename)
                os.replace = workspace_rename(native_replace)

                # Truffle refuses a working directory outside the workspace past every except clause: refused here,
                # as the file system refuses such paths everywhere else.
                native_chdir = os.chdir

                def chdir(path):
                    if not isinstance(path, int):
                        target = os.path.normpath(os.path.join(os.getcwd(), os.fsdecode(os.fspath(path))))
                        if target != workspace_root and not target.startswith(workspace_root + os.sep):
                            raise PermissionError(errno.EPERM, "Operation not permitted", path)
                    return native_chdir(path)
                chdir.__name__, chdir.__doc__ = native_chdir.__name__, native_chdir.__doc__
                os.chdir = chdir

                # A meta path finder and loader by protocol (find_spec, create_module, exec_module).
                class GuestModuleFinder:
                    def find_spec(self, name, path=None, target=None):
                        if name in module_sources:
                            return importlib.util.spec_from_loader(name, self)
                        return None

                    def create_module(self, spec):
                        return None

                    def exec_module(self, module):
                        source, name = module_sources[module.__name__], "<" + module.__name__ + ">"
                        exec(shared_code(name, lambda: compile(source, name, "exec")), module.__dict__)
                sys.meta_path.insert(0, GuestModuleFinder())
                import _codeexec_patches as guest_patches
                writers = []  # the archive writers made (hold_writer): never flushed, which would change their bytes
                writers_prune_at = 64

                def hold_writer(writer):
                    # An archive writer (gzip, zipfile, lzma) made for writing: held as files opened for writing are
                    # (below), and closed before them at the run's end. Those closed are let go as the list grows: a
                    # closed writer may still hold its compressor's state, a few hundred KiB.
                    nonlocal writers_prune_at
                    writers.append(writer)
                    if len(writers) > writers_prune_at:
                        writers[:] = [w for w in writers if not writer_closed(w)]
                        writers_prune_at = max(64, 2 * len(writers))

                def writer_closed(writer):
                    try:
                        closed = getattr(writer, "closed", None)
                        return getattr(writer, "fp", None) is None if closed is None else closed  # ZipFile: fp
                    except Exception:  # a text layer whose buffer was detached
                        return True
                import _codeexec_format
                _codeexec_format.install(builtins)
                compile_source = _codeexec_format.compile_source
                library_state = guest_patches.install(sys.meta_path, globals().pop("__codeexec_threads"),
                                                      globals().pop("__codeexec_xml"),
                                                      globals().pop("__codeexec_json_indent"), hold_writer)

                def new_namespace():
                    # The run's globals are a module's, registered as sys.modules["__main__"] as CPython's are:
                    # pickle, copy, dataclasses, typing.get_type_hints and inspect find what a run defines there.
                    main = types.ModuleType("__main__")
                    main.__builtins__ = builtins
                    # CPython's __main__ under `python -c` starts with an empty __annotations__ (globals() lists it).
                    main.__annotations__ = {}
                    sys.modules["__main__"] = main
                    return main.__dict__
                namespace = new_namespace()

                # GraalPy closes files at garbage collection, not when the last reference goes, and a collection
                # can close a file's descriptor before its buffer is written to it: open('f', 'wb').write(x) lost x
                # whenever the collector ran before the run's end. So a file opened for writing is held until it is
                # seen closed or the run ends, which closes it; the buffers of those held are written out before each
                # open, stat or import, where CPython would have closed an unreferenced one already. Files opened
                # only to read have nothing to lose and are tracked by weak references, closed at the run's end too.
                # Plain lists: a WeakSet's add cost 5-10 us and listing it 15-20 us even empty, on every open. Archive
                # writers are held beside them (hold_writer, above) and closed first.
                opened = []  # weak references to every file opened, pruned as it grows, closed when the run ends
                writing = []  # the files opened for writing and not yet seen closed
                prune_at = 256  # doubles with the files still open after a pruning
                release_at = 256  # likewise for the files held for writing; a release costs a collection, 0.13 s
                real_open = io.open
                import gc
                DESCRIPTOR_COLLECTIONS = 3

                def live(refs):
                    kept = []
                    for ref in refs:
                        f = ref()
                        try:
                            if f is not None and not f.closed:
                                kept.append(ref)
                        except Exception:  # a file whose buffer was detached
                            pass
                    return kept

                def flush_open_files():
                    kept = []
                    for f in writing:
                        try:
                            if f.closed:
                                continue
                        except Exception:  # its buffer was detached: whoever took it writes it
                            continue
                        kept.append(f)
                        try:
                            f.flush()
                        except Exception:  # never BaseException: that would swallow the host's exit and cancel
                            pass
                    writing[:] = kept

                def under(f):
                    # The layer a file's buffer writes into: a text file's binary buffer, a buffered file's raw file.
                    try:
                        layer = getattr(f, "buffer", None)
                        return layer if layer is not None else getattr(f, "raw", None)
                    except Exception:  # detached
                        return None

                def release_unreferenced():
                    # Only a collection tells which held files the caller no longer references. Each is written
                    # out, then held over one collection by a weak reference, with the layer under it held so the
                    # collection closes nothing: those collected are closed here (their workspace reservations
                    # settle now), the rest held again.
                    nonlocal release_at
                    flush_open_files()
                    probes = [(weakref.ref(f), under(f)) for f in writing]
                    writing.clear()
                    gc.collect()
                    for ref, layer in probes:
                        f = ref()
                        if f is not None:
                            writing.append(f)
                        elif layer is not None:
                            try:
                                layer.close()
                            except Exception:  # never BaseException: that would swallow the host's exit and cancel
                                pass
                    release_at = max(256, 2 * len(writing))

                def with_descriptor(native, args, kwargs):
                    # Unreferenced files keep their descriptors until a collection closes them: a loop of
                    # open(p).read() over more files than the worker may hold open failed with "Too many open
                    # files" where CPython had closed each file already. After a collection the call is made again;
                    # GraalPy closes what it found unreachable shortly after, not always before collect() returns.
                    for _ in range(DESCRIPTOR_COLLECTIONS):
                        try:
                            return native(*args, **kwargs)
                        except OSError as e:
                            if e.errno not in (errno.EMFILE, errno.ENFILE):
                                raise
                        release_unreferenced()
                    return native(*args, **kwargs)

                def tracked_open(*args, **kwargs):
                    nonlocal prune_at
                    # CPython would already have closed an unreferenced file here; make its data visible.
                    if len(writing) > release_at:
                        release_unreferenced()
                    elif writing:
                        flush_open_files()
                    f = with_descriptor(real_open, args, kwargs)
                    opened.append(weakref.ref(f))
                    if len(opened) > prune_at:
                        opened[:] = live(opened)
                        prune_at = max(256, 2 * len(opened))
                    mode = args[1] if len(args) > 1 else kwargs.get("mode", "r")
                    if type(mode) is not str or mode.strip("rbt"):  # anything but reading: r, b and t alone
                        writing.append(f)
                    return f
                tracked_open.__name__ = tracked_open.__qualname__ = "open"
                # help(open) and inspect.signature(open) show the native open's module, signature and text.
                tracked_open.__doc__, tracked_open.__module__ = real_open.__doc__, real_open.__module__
                tracked_open.__wrapped__ = real_open
                builtins.open = io.open = tracked_open

                # The same for a file's size and times (open('f', 'w').write(x) then os.path.getsize('f') or
                # tarfile's add saw an empty file), for a source read by import, runpy and importlib through
                # open_code (a helper module written so imported empty), and for os.open; and a second try after a
                # collection for those that take a descriptor, os.scandir and os.listdir among them.
                def flushing(native, flush=True, descriptor=False):
                    def call(*args, **kwargs):
                        if flush and writing:
                            flush_open_files()
                        return with_descriptor(native, args, kwargs) if descriptor else native(*args, **kwargs)
                    call.__name__ = call.__qualname__ = native.__name__
                    call.__doc__, call.__module__, call.__wrapped__ = native.__doc__, native.__module__, native
                    return call
                os.stat, os.lstat = flushing(os.stat), flushing(os.lstat)
                # Truncating by name after writing without closing: CPython has closed the file, so the
                # truncation comes after its bytes, not before them.
                os.truncate = flushing(os.truncate)
                os.open = flushing(os.open, descriptor=True)
                # importlib lists sys.path's directories through posix itself.
                import posix
                posix.scandir = os.scandir = flushing(os.scandir, flush=False, descriptor=True)
                posix.listdir = os.listdir = flushing(os.listdir, flush=False, descriptor=True)
                import _io
                _io.open_code = io.open_code = flushing(io.open_code, descriptor=True)

                def flush():
                    flush_open_files()
                    for stream in (sys.stdout, sys.stderr):
                        try:
                            stream.flush()
                        except Exception:  # never BaseException: that would swallow the host's exit and cancel
                            pass

                # As with python -c: modules in the working directory (the workspace) are importable.
                if "" not in sys.path:
                    sys.path.insert(0, "")
                # The operator's pure-Python packages, after the standard library: they cannot shadow it.
                if packages_dir:
                    sys.path.append(packages_dir)
                import _codeexec_exit
                exit_handlers = _codeexec_exit.ExitHandlers(print_exception, foreign_exception)
                exit_handlers.install(atexit)
                import _codeexec_imports
                explain_import_error = _codeexec_imports.explainer(packages_dir, package_imports)

                # What site adds to the builtins, which the interpreter starts without: scripts end with exit() and
                # print help(). site itself would read license files from GraalPy's home, out of the guest's reach.
                import _sitebuiltins
                builtins.exit = _sitebuiltins.Quitter("exit", "Ctrl-D (i.e. EOF)")
                builtins.quit = _sitebuiltins.Quitter("quit", "Ctrl-D (i.e. EOF)")
                builtins.help = _sitebuiltins._Helper()
                builtins.copyright = _sitebuiltins._Printer("copyright", sys.copyright)
                builtins.credits = _sitebuiltins._Printer("credits", "Thanks to CWI, CNRI, BeOpen, Zope Corporation, "
                                                          "the Python Software Foundation,\\nand a cast of thousands "
                                                          "for supporting Python development.")
                builtins.license = _sitebuiltins._Printer("license", "See https://www.python.org/psf/license/")
                del _sitebuiltins
                # As python -c sets it: argparse and sys.argv[0] need a first element.
                sys.argv = ["-c"]

                # What a reset restores, taken once the driver is set up and before any caller code.
                pristine_builtins = dict(builtins.__dict__)
                sys_state = (sys.getrecursionlimit(), list(sys.path), list(sys.meta_path), list(sys.path_hooks),
                             sys.stdin, sys.stdout, sys.stderr, sys.displayhook, sys.excepthook)
                # The output streams as a run finds them. A run may also change the objects themselves, which the next
                # run would otherwise inherit: reconfigure(encoding='ascii') failed every later non-ASCII print, and a
                # closed sys.stderr every later traceback. Their newline setting cannot be read, so only a change of
                # the others restores it.
                out_settings, err_settings = ((s.encoding, s.errors, s.line_buffering, s.write_through)
                                              for s in (sys.stdout, sys.stderr))

                in_settings = (sys.stdin.encoding, sys.stdin.errors)

                def usable(stream, fd, encoding, errors, line_buffering, write_through, wrapper=io.TextIOWrapper,
                           buffered=io.BufferedWriter, raw=io.FileIO):
                    if stream.closed:
                        return wrapper(buffered(raw(fd, "wb", closefd=False)), encoding=encoding, errors=errors,
                                       line_buffering=line_buffering, write_through=write_through)
                    if (stream.encoding, stream.errors, stream.line_buffering, stream.write_through) != (
                            encoding, errors, line_buffering, write_through):
                        stream.reconfigure(encoding=encoding, errors=errors, newline="\\n",
                                           line_buffering=line_buffering, write_through=write_through)
                    return stream
                # The filters, and the hooks a run may replace to silence or reroute warnings: a later run's warnings
                # went where that run sent them.
                warning_filters = list(warnings.filters)
                warning_hooks = (warnings.showwarning, warnings.formatwarning)
                workdir = os.getcwd()
                getcwd, chdir = os.getcwd, os.chdir  # the caller may replace the module's attributes
                baseline_modules = set(sys.modules)
                # What the driver put in place of these, restored before each fresh run: one list, set once.
                patched = [(owner, name, getattr(owner, name)) for owner, name in (
                    (io, "open"), (os, "rename"), (os, "replace"), (os, "chdir"), (os, "stat"), (os, "lstat"),
                    (os, "open"), (os, "scandir"), (os, "listdir"), (os, "truncate"))]

                def restore_builtins(d=builtins.__dict__, pristine=pristine_builtins, clear=dict.clear,
                                     update=dict.update):
                    # Bound as defaults: the caller may have replaced any builtin this function would use.
                    # Always restored: clearing and refilling the dict costs a tenth of comparing its ~150 values
                    # one by one in the interpreter, and cannot be fooled by an object claiming equality.
                    clear(d)
                    update(d, pristine)

                def is_library(module):
                    spec = getattr(module, "__spec__", None)
                    if getattr(spec, "origin", None) in ("built-in", "frozen"):
                        return True
                    path = getattr(module, "__file__", None)
                    return isinstance(path, str) and os.path.abspath(path).startswith(library_dirs)

                def close_open_files(report=False):
                    # Last opened first, as CPython's collector frees a wrapper before what it wraps: an archive
                    # writer's trailer goes into its file before the file is closed.
                    for f in [*reversed(writers), *(ref() for ref in reversed(opened))]:
                        if f is not None:
                            try:
                                f.close()
                            except Exception as e:  # never BaseException: that would swallow the host's exit and cancel
                                if report:
                                    # As CPython's finalizer says of a file whose last bytes could not be written
                                    # (over the quota): the run still ends as it did.
                                    try:
                                        sys.stderr.write("Exception ignored in: " + repr(f) + "\\n")
                                        print_exception(e, e.__traceback__)
                                    except Exception:
                                        pass
                    opened.clear()
                    writing.clear()
                    writers.clear()

                def reset():
                    nonlocal sys_state
                    restore_builtins()
                    close_open_files()
                    for owner, name, value in patched:
                        setattr(owner, name, value)
                    limit, path, meta_path, path_hooks, stdin, stdout, stderr, displayhook, excepthook = sys_state
                    out, err = usable(stdout, 1, *out_settings), usable(stderr, 2, *err_settings)
                    if out is not stdout or err is not stderr:  # one was closed: its replacement stays
                        stdout, stderr = out, err
                        sys_state = (limit, path, meta_path, path_hooks, stdin, stdout, stderr, displayhook, excepthook)
                    sys.setrecursionlimit(limit)
                    sys.argv = ["-c"]
                    sys.path[:] = path
                    sys.meta_path[:] = meta_path
                    sys.path_hooks[:] = path_hooks
                    sys.path_importer_cache.clear()  # new finders list directories afresh: new files are seen
                    sys.stdin, sys.stdout, sys.stderr = stdin, stdout, stderr
                    sys.displayhook, sys.excepthook = displayhook, excepthook
                    warnings.filters[:] = warning_filters
                    warnings.showwarning, warnings.formatwarning = warning_hooks
                    exit_handlers.clear()
                    library_state.reset()
                    if getcwd() != workdir:  # a change of directory costs a file-system check; asking does not
                        chdir(workdir)
                    # Library modules stay; each is judged once (this runs before every reused run).
                    for name in sys.modules.keys() - baseline_modules:
                        if is_library(sys.modules[name]):
                            baseline_modules.add(name)
                        else:
                            del sys.modules[name]

                def drop_unread_input(had_input, wrapper=io.TextIOWrapper, buffered=io.BufferedReader, raw=io.FileIO):
                    # What a run leaves unread of its stdin stays in the stream's buffers, and the next run, session or
                    # not, would read it before its own: read to the end (the host's side ends with the run's input).
                    # That costs 50-150 us even with nothing left, and a run without input leaves nothing. A stream
                    # that was closed, reconfigured or cannot be read to its end is replaced.
                    nonlocal sys_state
                    stdin = sys_state[4]
                    try:
                        if not stdin.closed and (stdin.encoding, stdin.errors) == in_settings:
                            if had_input:
                                stdin.read()
                            return
                    except Exception:  # never BaseException: that would swallow the host's exit and cancel
                        pass
                    try:
                        kept = wrapper(buffered(raw(0, "rb", closefd=False)), encoding=in_settings[0],
                                       errors=in_settings[1])
                    except Exception:  # the run itself is over and answered: its stdin stays as it is
                        return
                    if sys.stdin is stdin:
                        sys.stdin = kept
                    sys_state = sys_state[:4] + (kept,) + sys_state[5:]

                # The caller's most recently run texts and their code objects, least recently used first.
                compiled = {}
                COMPILED_KEPT = 8
                # The interpreter thread's stack (PythonInterpreter.STACK_BYTES, 64 MiB) holds about 18,900 nested
                # Python calls whatever sys.setrecursionlimit allows; a caller who raised the limit past this is
                # told so with the RecursionError, and what to do instead.
                RAISED_RECURSION_LIMIT = 10000
                DEEP_RECURSION_NOTE = ("The sandbox's interpreter stack holds about 18,000 nested Python calls, "
                                       "whatever sys.setrecursionlimit allows: write deeper recursion as a loop with an "
                                       "explicit stack (a list of pending items).")

                NO_INPUT_NOTE = "input() reads the stdin argument of execute_code, a line per call; none was left."

                def run(source, fresh_start=False, keep_files=True, had_input=False):
                    nonlocal namespace
                    if fresh_start:
                        reset()
                        namespace = new_namespace()
                    internal_errors.clear()
                    result = list(execute(source))
                    # As at CPython's exit: non-daemon threads are joined (within the run's timeout); any thread still
                    # alive after that ends with the interpreter, which the host then discards.
                    threads = guest_patches.finish_threads()
                    if not keep_files:
                        run_exit_handlers()
                    result += [",".join(internal_errors), threads]
                    drop_unread_input(had_input)
                    if not keep_files:
                        # Nothing after this run can use them; closed now, their workspace reservations settle
                        # now too, instead of holding space (and the ledger's recount) until the next run.
                        close_open_files(report=True)
                    return result

                def report_uncaught(e, tb):
                    if isinstance(e, RecursionError) and sys.getrecursionlimit() > RAISED_RECURSION_LIMIT:
                        # The caller raised the limit to recurse deep; the interpreter's stack ended it anyway.
                        e.add_note(DEEP_RECURSION_NOTE)
                    elif isinstance(e, EOFError) and e.args == ("EOF when reading a line",):
                        # input() with no stdin (or none left): no terminal answers it here, the call's argument does.
                        e.add_note(NO_INPUT_NOTE)
                    # As CPython: a hook the caller set reports it; if the hook fails, both are printed.
                    hook = sys.excepthook
                    if hook is sys_state[8]:
                        print_exception(e, tb)
                        return
                    try:
                        hook(type(e), e, tb)
                    except BaseException as failure:
                        if isinstance(failure, foreign_exception):
                            raise
                        failure.__context__ = None  # CPython calls the hook with no exception being handled
                        sys.stderr.write("Error in sys.excepthook:\\n")
                        print_exception(failure, failure.__traceback__)
                        sys.stderr.write("\\nOriginal exception was:\\n")
                        print_exception(e, tb)

                def run_exit_handlers():
                    # Then, as a process's last step, what the run registered with atexit, last first; a handler's
                    # exception is printed and ignored. A session's handlers wait for its end as a process's would,
                    # and are dropped with it: nothing would read their output.
                    if exit_handlers:
                        try:
                            exit_handlers.run()
                        finally:
                            flush()

                def execute(source):
                    try:
                        # The same text gets the same code object back, so functions it defines keep the
                        # machine code Truffle compiled for them on earlier runs; new code objects would be
                        # profiled and compiled again every run. Per interpreter, so never across callers.
                        code = compiled.pop(source, None)
                        if code is None:
                            try:
                                code = compile_source(source, "<string>")
                            except (SyntaxError, ValueError) as e:
                                print_exception(e, None)
                                return 1, False
                        compiled[source] = code
                        if len(compiled) > COMPILED_KEPT:
                            del compiled[next(iter(compiled))]
                        try:
                            exec(code, namespace)
                            return 0, False
                        except SystemExit as e:
                            status = e.code
                            if status is None:
                                return 0, False
                            if isinstance(status, int):  # True and False too; a process's status is its low byte
                                return status & 0xFF, False
                            print(status, file=sys.stderr)
                            return 1, False
                        except BaseException as e:
                            if isinstance(e, foreign_exception):
                                raise  # the host's own, os._exit's among them since GraalPy 25.2: it must go on
                            if isinstance(e, ImportError):
                                try:
                                    explain_import_error(e)
                                except Exception:  # the caller may have patched what it uses: keep the plain error
                                    pass
                            report_uncaught(e, e.__traceback__.tb_next)
                            return 1, isinstance(e, MemoryError)
                    finally:
                        flush()
                return run

            __codeexec_run = __codeexec_make()
            del __codeexec_make
            __codeexec_run
            """.replace("JSON_MIN_CHARS", Integer.toString(JsonToMarshal.MIN_CHARS));
}
