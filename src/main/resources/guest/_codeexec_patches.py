"""Adjustments to standard-library modules that GraalPy, inside the sandbox, would otherwise run differently from
CPython. Each is applied when its module is first imported: a meta path finder wraps the loader that the rest of
sys.meta_path finds for it, so the module is the standard library's own file, patched after it ran. Used by the
sandbox's driver.
"""

import sys

# Taken before any caller's code runs, so a caller's builtins.eval never stands in for it.
_eval = eval
# csv.DictReader's and DictWriter's rows (_patch_csv): field names beyond this many go the standard library's way,
# and this many sets of field names keep what was compiled for them.
_CSV_COMPILED_MAX_FIELDS = 256
_CSV_COMPILED_KEPT = 32
_FIELD_SEQUENCES = (list, tuple, type({}.keys()))

# The sandbox's driver, whose frames run the caller's code (SandboxContexts names its source so).
DRIVER_FILE = "<codeexec-driver>"
# The code of the sandbox's own Python (its patches, its pyexpat, the tools, skills and pii modules' glue; a tool's or
# skill's own code is "<tool name>", "<skill name vN>"): a traceback or stack leaves its frames out, however printed, as
# CPython shows none for the C code these stand in for.
INTERNAL_FRAMES = ("<_codeexec_", "<pyexpat>", "<tools>", "<skills>", "<pii>")
_INLINED_COMPREHENSIONS = frozenset({"<listcomp>", "<dictcomp>", "<setcomp>"})
# GraalPy appends this and the Java stack to the message of a Python exception it made from a Java one.
JAVA_STACK = "\n\nJava stack trace:\n"


def install(finder_list, threads_per_run, parse_xml, indent_json, hold_writer):
    """Puts the patching finder first on `finder_list` (sys.meta_path), patches modules already imported and caps the
    threads a run may have alive at `threads_per_run`. `parse_xml` is the host's XML parser (_codeexec_etree),
    `indent_json` its JSON layout (_patch_json_encoder), `hold_writer` the driver's, which closes an archive writer
    at the run's end if the program did not (_hold_writers). Returns the standard library's state between runs
    (_codeexec_state), for the driver to reset before each."""
    import os
    # GraalPy's datetime reads what importing time sets up: until then datetime.fromtimestamp, date.fromtimestamp,
    # a naive timestamp() and astimezone() failed past every except clause (NullPointerException).
    import time  # noqa: F401
    import _codeexec_asyncio
    import _codeexec_profile
    import _codeexec_sizes
    import _codeexec_state
    import _codeexec_system
    _limit_threads(threads_per_run)
    # Before the state takes the hooks it puts back between runs.
    sys.breakpointhook = sys.__breakpointhook__ = _breakpointhook
    import builtins
    builtins.breakpoint = _breakpoint
    # The driver starts in the workspace: the sandbox user's home. Set before the state takes the environment.
    home = os.getcwd()
    _codeexec_system.set_environment(home)
    state = _codeexec_state.LibraryState()

    def patch_element_tree(module):
        import _codeexec_etree
        _codeexec_etree.accelerate(module, parse_xml)
        state.element_tree_imported(module)

    def patch_json_encoder(module):
        _patch_json_encoder(module, indent_json)
        state.watch(module.JSONEncoder)

    def patch_logging(module):
        _patch_logging(module)
        state.logging_imported(module)

    def patch_csv(module):
        _patch_csv(module)
        state.csv_imported(module)

    def patch_random(module):
        import _codeexec_random
        _codeexec_random.accelerate(module)
        state.random_imported(module)

    def patch_mimetypes(module):
        import _codeexec_mimetypes
        _codeexec_mimetypes.patch_mimetypes(module)

    def patch_gzip(module):
        _hold_writers(module, "GzipFile", lambda f: f.mode == module.WRITE, hold_writer)

    def patch_zipfile(module):
        _hold_writers(module, "ZipFile", lambda f: f.mode != "r", hold_writer)

    def patch_lzma(module):
        _hold_writers(module, "LZMAFile", lambda f: f._mode == module._MODE_WRITE, hold_writer)

    patches = {"traceback": _patch_traceback, "asyncio.selector_events": _patch_selector_events,
               "unicodedata": _patch_unicodedata, "_socket": _patch_socket, "_lzma": _patch_lzma,
               "binascii": _patch_binascii, "_blake2": _patch_blake2, "xml.etree.ElementTree": patch_element_tree,
               "json.encoder": patch_json_encoder, "csv": patch_csv, "io": _patch_io,
               "json": _patch_json_dump, "_strptime": _patch_strptime, "random": patch_random,
               "gc": _patch_gc, "math": _patch_math, "cProfile": _codeexec_profile.patch_cprofile,
               "zoneinfo._zoneinfo": _patch_zoneinfo, "mimetypes": patch_mimetypes, "codecs": _patch_codecs,
               "time": _patch_time, "tracemalloc": _patch_tracemalloc, "collections": _patch_collections,
               "gzip": patch_gzip, "zipfile": patch_zipfile, "lzma": patch_lzma, "zlib": _patch_zlib,
               "re": _patch_re, "threading": _patch_threading, "_sha3": _patch_sha3, "hashlib": _patch_hashlib,
               "itertools": _patch_itertools, "_pydecimal": _patch_pydecimal, "stat": _patch_stat,
               "logging": patch_logging, "inspect": _patch_inspect, "pydoc": _patch_pydoc,
               "marshal": _patch_marshal, "pdb": _patch_pdb}
    _codeexec_system.install(patches, home, threads_per_run)
    system_tempfile = patches["tempfile"]  # its directory: the workspace

    def patch_tempfile(module):
        system_tempfile(module)
        _hold_temporary_files(module, hold_writer)
        state.tempfile_imported(module)
    patches["tempfile"] = patch_tempfile
    _codeexec_asyncio.install(patches)
    sys.getsizeof = _codeexec_sizes.getsizeof
    import builtins
    builtins.anext = _anext_with_default(builtins.anext)
    builtins.sum = _compensated_sum(builtins.sum)
    import posix
    import _codeexec_speed
    _codeexec_speed.install(os, posix)
    # GraalPy names it in Java's spelling, UTF-8; code comparing it with "utf-8", CPython's, took its other path.
    sys.getdefaultencoding = stand_in(lambda: "utf-8", sys.getdefaultencoding)
    sys.set_int_max_str_digits = _checked_max_str_digits(sys.set_int_max_str_digits)
    for name, patch in patches.items():
        module = sys.modules.get(name)
        if module is not None:
            patch(module)
    finder_list.insert(0, NativeModuleFinder())
    finder_list.insert(0, _PatchingFinder(patches))
    return state


# GraalPy's modules written in C, and its standard modules that need native code (C libraries it loads). The sandbox
# allows no native code, and GraalPy loads a native module into one interpreter per process only: without this, the
# first interpreter of a worker might import one and every later one fail with a SystemError. Each fails at import,
# the same way everywhere. (unicodedata's native half is replaced below: it works.)
NATIVE_MODULES = {
    "_sqlite3": "sqlite3",
    "_cpython_unicodedata": "_cpython_unicodedata", "_cpython_sre": "_cpython_sre",
    "termios": "termios", "_ctypes": "ctypes", "_bz2": "bz2", "_curses": "curses",
    "_dbm": "dbm.ndbm", "_gdbm": "dbm.gnu", "readline": "readline", "_tkinter": "tkinter", "_uuid": "_uuid",
    "_testcapi": "_testcapi", "_testbuffer": "_testbuffer", "_testmultiphase": "_testmultiphase",
    "_testsinglephase": "_testsinglephase", "_ctypes_test": "_ctypes_test",
}


def _refusal(name):
    return ImportError(f"{NATIVE_MODULES[name]} is not available in the sandbox: its module {name} is native code, "
                       "which the sandbox does not run", name=name)


class NativeModuleFinder:
    """Refuses the native modules above with an ImportError that names the module and why."""

    def find_spec(self, name, path=None, target=None):
        if name not in NATIVE_MODULES:
            return None
        raise _refusal(name)


def without_java_stack(text):
    """`text` without the Java stack GraalPy appended, and the Java exception's class name (None when none)."""
    head, found, stack = text.partition(JAVA_STACK)
    if not found:
        return text, None
    first = stack.split("\n", 1)[0].split(":", 1)[0].strip()
    name = first.rpartition(".")[2].rpartition("$")[2]
    return head, name if name.isidentifier() else "unknown"


# Messages GraalPy words otherwise than CPython 3.12 (older wording, its storage classes, quotes twice, no hint), as
# tracebacks print them: (a substring that finds one, the pattern, CPython's wording).
_MESSAGES = (
    ("Storage[", r"'(\w+)\(\w*Storage\[.*\]\)' object", r"'\1' object"),
    ("referenced before assignment", r"^(local|free) variable '(\w+)' referenced before assignment(.*)$",
     r"cannot access \1 variable '\2' where it is not associated with a value\3"),
    ("does not support item deletion", r"^('\w+' object) does not support item deletion$",
     r"\1 doesn't support item deletion"),
    ("for integer string conversion",
     r"^Exceeds the limit \((\d+)\) for integer string conversion(: value has \d+ digits)?$",
     r"Exceeds the limit (\1 digits) for integer string conversion\2; use sys.set_int_max_str_digits() to increase "
     r"the limit"),
    ("isoformat string: ''", r"^Invalid isoformat string: '('.*')'$", r"Invalid isoformat string: \1"),
    # A str's index error carries its type in the message ("IndexError: IndexError: string index out of range").
    ("IndexError: string index", r"^IndexError: (string index out of range)$", r"\1"),
    ("emtpy set", r"^'pop from an emtpy set'$", "'pop from an empty set'"),
    ("for unary", r"^bad operand type for unary([-+~]):", r"bad operand type for unary \1:"),
    ("1 arguments, got", r"^(\S+ expected (?:at most )?1) arguments, got (\d+)$", r"\1 argument, got \2"),
)


# What CPython on Linux says for each errno (glibc's strerror), where GraalPy's os.strerror has texts of its own
# ("Bad file number", "Not a typewriter") and failed past every except clause from 35 (EDEADLK) on.
STRERROR = {
    0: 'Success', 1: 'Operation not permitted', 2: 'No such file or directory', 3: 'No such process',
    4: 'Interrupted system call', 5: 'Input/output error', 6: 'No such device or address',
    7: 'Argument list too long', 8: 'Exec format error', 9: 'Bad file descriptor', 10: 'No child processes',
    11: 'Resource temporarily unavailable', 12: 'Cannot allocate memory', 13: 'Permission denied',
    14: 'Bad address', 15: 'Block device required', 16: 'Device or resource busy', 17: 'File exists',
    18: 'Invalid cross-device link', 19: 'No such device', 20: 'Not a directory', 21: 'Is a directory',
    22: 'Invalid argument', 23: 'Too many open files in system', 24: 'Too many open files',
    25: 'Inappropriate ioctl for device', 26: 'Text file busy', 27: 'File too large', 28: 'No space left on device',
    29: 'Illegal seek', 30: 'Read-only file system', 31: 'Too many links', 32: 'Broken pipe',
    33: 'Numerical argument out of domain', 34: 'Numerical result out of range', 35: 'Resource deadlock avoided',
    36: 'File name too long', 37: 'No locks available', 38: 'Function not implemented', 39: 'Directory not empty',
    40: 'Too many levels of symbolic links', 42: 'No message of desired type', 43: 'Identifier removed',
    44: 'Channel number out of range', 45: 'Level 2 not synchronized', 46: 'Level 3 halted', 47: 'Level 3 reset',
    48: 'Link number out of range', 49: 'Protocol driver not attached', 50: 'No CSI structure available',
    51: 'Level 2 halted', 52: 'Invalid exchange', 53: 'Invalid request descriptor', 54: 'Exchange full',
    55: 'No anode', 56: 'Invalid request code', 57: 'Invalid slot', 59: 'Bad font file format',
    60: 'Device not a stream', 61: 'No data available', 62: 'Timer expired', 63: 'Out of streams resources',
    64: 'Machine is not on the network', 65: 'Package not installed', 66: 'Object is remote',
    67: 'Link has been severed', 68: 'Advertise error', 69: 'Srmount error', 70: 'Communication error on send',
    71: 'Protocol error', 72: 'Multihop attempted', 73: 'RFS specific error', 74: 'Bad message',
    75: 'Value too large for defined data type', 76: 'Name not unique on network',
    77: 'File descriptor in bad state', 78: 'Remote address changed', 79: 'Can not access a needed shared library',
    80: 'Accessing a corrupted shared library', 81: '.lib section in a.out corrupted',
    82: 'Attempting to link in too many shared libraries', 83: 'Cannot exec a shared library directly',
    84: 'Invalid or incomplete multibyte or wide character', 85: 'Interrupted system call should be restarted',
    86: 'Streams pipe error', 87: 'Too many users', 88: 'Socket operation on non-socket',
    89: 'Destination address required', 90: 'Message too long', 91: 'Protocol wrong type for socket',
    92: 'Protocol not available', 93: 'Protocol not supported', 94: 'Socket type not supported',
    95: 'Operation not supported', 96: 'Protocol family not supported',
    97: 'Address family not supported by protocol', 98: 'Address already in use',
    99: 'Cannot assign requested address', 100: 'Network is down', 101: 'Network is unreachable',
    102: 'Network dropped connection on reset', 103: 'Software caused connection abort',
    104: 'Connection reset by peer', 105: 'No buffer space available',
    106: 'Transport endpoint is already connected', 107: 'Transport endpoint is not connected',
    108: 'Cannot send after transport endpoint shutdown', 109: 'Too many references: cannot splice',
    110: 'Connection timed out', 111: 'Connection refused', 112: 'Host is down', 113: 'No route to host',
    114: 'Operation already in progress', 115: 'Operation now in progress', 116: 'Stale file handle',
    117: 'Structure needs cleaning', 118: 'Not a XENIX named type file', 119: 'No XENIX semaphores available',
    120: 'Is a named type file', 121: 'Remote I/O error', 122: 'Disk quota exceeded', 123: 'No medium found',
    124: 'Wrong medium type', 125: 'Operation canceled', 126: 'Required key not available', 127: 'Key has expired',
    128: 'Key has been revoked', 129: 'Key was rejected by service', 130: 'Owner died',
    131: 'State not recoverable', 132: 'Operation not possible due to RF-kill',
    133: 'Memory page has hardware error',
}
# GraalPy's texts that differ, as its own errors carry them: "[Errno 9] Bad file number" from os.close(999).
_GRAALPY_STRERROR = {5: "I/O error", 9: "Bad file number", 11: "Operation would block", 12: "Out of memory",
                     18: "Cross-device link", 23: "File table overflow", 25: "Not a typewriter",
                     33: "Math argument out of domain of func", 34: "Math result not representable"}


def cpython_message(text):
    """`text`, an exception's message, in CPython's words where GraalPy's differ in a known way."""
    if text.startswith("[Errno "):
        number, _, rest = text[7:].partition("] ")
        graalpy = _GRAALPY_STRERROR.get(int(number)) if number.isdigit() else None
        if graalpy is not None and rest.startswith(graalpy):
            text = f"[Errno {number}] {STRERROR[int(number)]}{rest[len(graalpy):]}"
    for found, pattern, wording in _MESSAGES:
        if found in text:
            import re
            text = re.sub(pattern, wording, text, count=1, flags=re.S)
    return text


def java_exceptions(error):
    """The Java exception class names behind `error`, its causes, contexts and group members."""
    names, seen, pending = [], set(), [error]
    while pending:
        e = pending.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        for arg in getattr(e, "args", ()):
            if isinstance(arg, str):
                name = without_java_stack(arg)[1]
                if name is not None:
                    names.append(name)
        pending.extend((e.__cause__, e.__context__))
        pending.extend(getattr(e, "exceptions", ()))
    return names


def _limit_threads(limit):
    """Every thread starts through _thread.start_new_thread (threading takes it when it is first imported, after this)."""
    import _thread
    start = _thread.start_new_thread

    def start_new_thread(function, args, kwargs=None):
        if _thread._count() >= limit:
            raise RuntimeError(f"can't start a new thread: a run may have {limit} threads alive besides its own "
                               "(sandbox.threads-per-run)")
        return start(function, args, {} if kwargs is None else kwargs)

    start_new_thread.__name__, start_new_thread.__doc__ = start.__name__, start.__doc__
    _thread.start_new_thread = _thread.start_new = start_new_thread


def _patch_threading(threading):
    """A session's run stopped at its deadline inside `queue.get()` left the queue broken for the session's later
    runs: the interrupt ended Condition.wait before it took its lock back, the `with` around it released the lock it
    no longer held, and GraalPy's lock, which takes such a release where CPython's raises, then admitted two holders
    (every later put raised "cannot notify on un-acquired lock"). A condition left by an exception no longer releases
    a lock that nobody holds. (Locks themselves are left native: a Python class around each cost queue-heavy code
    six times its time, GraalPy running interpreted.)"""
    def __exit__(self, *exc_info):
        # Condition's own body beside the check, not a call of it: queues exit a condition on every put and get.
        if exc_info[0] is not None and not _held(self._lock):
            return None
        return self._lock.__exit__(*exc_info)

    threading.Condition.__exit__ = __exit__

    class RLock(threading._CRLock):
        """GraalPy 25.2's RLock has a `locked()` that fails internally, past every `except`: a thread that called it
        died without a word and a pool's future never completed, so the run hung to its timeout. CPython 3.12's RLock
        has no `locked` (3.13 adds it), and so has this one."""
        __slots__ = ()

        @property
        def locked(self):
            raise AttributeError("'_thread.RLock' object has no attribute 'locked'")

    RLock.__module__, RLock.__qualname__ = "_thread", "RLock"
    threading._CRLock = RLock


def _held(lock):
    """Whether a plain lock is held by anyone, or an RLock by this thread (which refuses a release otherwise); a lock
    of the caller's own making that tells neither is taken as held, and released as before."""
    # An RLock is asked first: GraalPy 25.2's RLock has a `locked` (CPython's has none before 3.13) that fails
    # internally, past every `except`, so a `with` over a condition left by an exception (every failed
    # concurrent.futures result) failed the run.
    owned = getattr(lock, "_is_owned", None)
    if owned is not None:
        return owned()
    locked = getattr(lock, "locked", None)
    return locked() if locked is not None else True


def finish_threads():
    """Ends a run's threads as CPython's exit does: runs threading's exit callbacks (concurrent.futures stops its
    workers there) and joins the threads that are not daemons. Returns how many threads are still alive."""
    import _thread
    threading = sys.modules.get("threading")
    if threading is not None and _thread._count() > 0:
        callbacks = getattr(threading, "_threading_atexits", None)
        if callbacks:
            threading._SHUTTING_DOWN = True
            try:
                for callback in reversed(callbacks):
                    try:
                        callback()
                    except Exception:  # never BaseException: that would swallow the host's cancel
                        pass
            finally:
                # The interpreter serves again: executors made by later runs must work, and stop the same way.
                threading._SHUTTING_DOWN = False
                futures = sys.modules.get("concurrent.futures.thread")
                if futures is not None:
                    futures._shutdown = False
        me = threading.current_thread()
        for thread in threading.enumerate():
            if thread is not me and not thread.daemon:
                thread.join()
    return _thread._count()


class _PatchingFinder:
    def __init__(self, patches):
        self._patches = patches

    def find_spec(self, name, path=None, target=None):
        patch = self._patches.get(name)
        if patch is None:
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                spec.loader = _PatchingLoader(spec.loader, patch)
                return spec
        return None


class _PatchingLoader:
    def __init__(self, loader, patch):
        self._loader, self._patch = loader, patch

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        try:
            self._patch(module)
        except AttributeError:  # not the standard library's module (a traceback.py in the workspace): left as it is
            pass

    def __getattr__(self, name):  # get_source, get_filename and the rest: the real loader's
        return getattr(self._loader, name)


def _patch_traceback(traceback):
    """Tracebacks and stacks, however printed (the driver, traceback.print_exc or print_stack, logging), carry no Java
    stack, nor frames CPython would not have: the driver's, comprehensions' (inlined in 3.12), and those of asyncio's
    Python Task and Future (C code in CPython). A module's missing attribute and a missing name in `from x import y`
    get CPython's "Did you mean" as other misspelt names do, and messages GraalPy words otherwise CPython's words.
    Stacks of tens of thousands of frames (a recursion error's here) are read and formatted with less work per frame,
    to the same text."""
    import itertools
    import linecache
    from _codeexec_asyncio import drop_accelerated_frames
    import _codeexec_random
    hidden = frozenset((DRIVER_FILE, _codeexec_random.FILE))
    exception_type = traceback.TracebackException
    init = exception_type.__init__

    def __init__(self, *args, **kwargs):
        if len(args) > 1:
            _name_what_is_missing(args[1])
        init(self, *args, **kwargs)
        if isinstance(getattr(self, "_str", None), str):
            self._str = cpython_message(without_java_stack(self._str)[0])

    # Every extraction of frames goes through this one (extract_tb, extract_stack, TracebackException).
    summary_type = traceback.StackSummary
    extract = summary_type._extract_from_extended_frame_gen.__func__
    frame_type = traceback.FrameSummary

    def _extract_from_extended_frame_gen(klass, frame_gen, *, lookup_lines=True, **kwargs):
        first = list(itertools.islice(frame_gen, 2))  # the rest stays lazy, for extract's limit
        stack = extract(klass, itertools.chain(first, frame_gen), lookup_lines=False, **kwargs)
        if stack:
            # The driver's frames below the caller's <module>: a stack CPython prints starts there. And those of
            # stand-ins that hand the caller's arguments to the standard library's function, whose frame follows, and
            # the sandbox's own Python (logging's "--- Logging error ---" showed a patch's frame).
            stack[:] = [frame for frame in stack
                        if frame.filename not in hidden and not frame.filename.startswith(INTERNAL_FRAMES)]
            # walk_stack gives a frame before its caller (extract_stack reverses them after), walk_tb after.
            _inline_comprehensions(frame_type, stack, len(first) == 2 and first[0][0].f_back is first[1][0])
            drop_accelerated_frames(stack)
        if lookup_lines:
            # As extract's own lookups after its checkcache, once per line: a recursion error's stack here holds tens
            # of thousands of frames (CPython's stops at the recursion limit), most of them the same line.
            lines = {}
            for frame in stack:
                if frame._line is None and frame.lineno is not None:
                    where = frame.filename, frame.lineno
                    line = lines.get(where)
                    if line is None:
                        line = lines[where] = linecache.getline(*where)
                    frame._line = line
        return stack

    # GraalPy's code.co_positions() builds the code's whole table at every call: 3-7 ms for a 200-line <module>, and
    # a traceback asks it once per frame. Kept for the last few code objects asked about (by identity: the table
    # belongs to that object), so a stack that repeats a function, or a run that formats many tracebacks, builds
    # each table once.
    positions_by_code = {}

    def _get_code_position(code, instruction_index):
        if instruction_index < 0:
            return (None, None, None, None)
        kept = positions_by_code.get(id(code))
        if kept is None or kept[0] is not code:
            if len(positions_by_code) >= 32:
                positions_by_code.clear()
            kept = positions_by_code[id(code)] = code, tuple(code.co_positions())
        return next(itertools.islice(kept[1], instruction_index // 2, None))

    standard_frame_format = summary_type.format_frame_summary
    stack_format = summary_type.format
    cutoff = traceback._RECURSIVE_CUTOFF

    def repeated(count):
        count -= cutoff
        return f'  [Previous line repeated {count} more time{"s" if count > 1 else ""}]\n'

    def format(self):
        # CPython's loop, but a frame past the cutoff of a run of the same line is counted without being formatted:
        # here such a run can be tens of thousands of frames long. A subclass's format_frame_summary (which may
        # leave a frame out by answering None) gets the original loop.
        if type(self).format_frame_summary is not standard_frame_format:
            return stack_format(self)
        result = []
        last_file = last_line = last_name = None
        count = 0
        for frame in self:
            if (last_file is None or last_file != frame.filename or last_line is None or last_line != frame.lineno
                    or last_name is None or last_name != frame.name):
                if count > cutoff:
                    result.append(repeated(count))
                last_file, last_line, last_name = frame.filename, frame.lineno, frame.name
                count = 0
            count += 1
            if count <= cutoff:
                result.append(self.format_frame_summary(frame))
        if count > cutoff:
            result.append(repeated(count))
        return result

    summary_type._extract_from_extended_frame_gen = classmethod(stand_in(_extract_from_extended_frame_gen, extract))
    traceback._get_code_position = stand_in(_get_code_position, traceback._get_code_position)
    summary_type.format = stand_in(format, stack_format)
    exception_type.__init__ = stand_in(__init__, init)


def _name_what_is_missing(error):
    """GraalPy raises a module's missing attribute without the name and module, and `from x import y`'s missing name
    without name_from, which traceback's suggestions read: taken from the message, which says them."""
    message = error.args[0] if getattr(error, "args", None) and isinstance(error.args[0], str) else ""
    try:
        if isinstance(error, AttributeError) and error.name is None:
            module, found, attribute = message.partition("' has no attribute '")
            if found and module.startswith("module '") and attribute.endswith("'"):
                owner = sys.modules.get(module[len("module '"):])
                if owner is not None:
                    error.name, error.obj = attribute[:-1], owner
        elif isinstance(error, ImportError) and getattr(error, "name_from", None) is None and error.name is not None:
            missing, found, rest = message.partition("' from '")
            if found and missing.startswith("cannot import name '") and rest.startswith(error.name + "'"):
                error.name_from = missing[len("cannot import name '"):]
    except (AttributeError, TypeError):  # an exception class that keeps these read-only: no suggestion
        pass


def _inline_comprehensions(frame_type, stack, callee_first):
    """CPython 3.12 runs list, dict and set comprehensions inline (PEP 709): they have no frame, and the frame that
    holds one stands at the line inside it. Merges each such frame of `stack` into its caller's, in one pass (a
    recursion error's stack may hold tens of thousands of them)."""
    merged = []
    for frame in reversed(stack) if callee_first else stack:
        caller = merged[-1] if merged else None
        if frame.name in _INLINED_COMPREHENSIONS and caller is not None and frame.filename == caller.filename:
            merged[-1] = frame_type(frame.filename, frame.lineno, caller.name, lookup_line=False,
                                    locals=caller.locals, line=frame._line, end_lineno=frame.end_lineno,
                                    colno=frame.colno, end_colno=frame.end_colno)
        else:
            merged.append(frame)
    if len(merged) < len(stack):
        stack[:] = reversed(merged) if callee_first else merged


def _patch_zoneinfo(module):
    """The pure-Python ZoneInfo's repr names its class bare; CPython's (C) names it as its type does,
    zoneinfo.ZoneInfo, which every repr of an aware datetime shows."""
    zone_type = module.ZoneInfo
    native = zone_type.__repr__

    def __repr__(self):
        text = native(self)
        return "zoneinfo." + text if type(self) is zone_type else text

    zone_type.__repr__ = stand_in(__repr__, native)


def _patch_marshal(marshal):
    """marshal.load of an object without a read method failed the run past every except clause; CPython's raises
    the AttributeError of looking the method up, which the lookup here raises first."""
    load = marshal.load

    def checked_load(*args, **kwargs):
        if len(args) == 1 and not kwargs:
            args[0].read
        return load(*args, **kwargs)  # its own errors for other arguments

    marshal.load = stand_in(checked_load, load)


def _patch_gc(gc):
    """What GraalPy's gc leaves out, as programs that tune CPython's collector call it: thresholds kept and answered,
    freezing a no-op (GraalPy's collector is the JVM's), statistics of three generations, no garbage. get_objects
    stays absent: there is no list of tracked objects to give."""
    thresholds = [700, 10, 10]

    def get_threshold():
        return tuple(thresholds)

    def set_threshold(threshold0, threshold1=None, threshold2=None, /):
        for i, value in enumerate((threshold0, threshold1, threshold2)):
            if value is not None:
                thresholds[i] = value.__index__()

    stand_ins = {"get_threshold": get_threshold, "set_threshold": set_threshold, "freeze": lambda: None,
                 "unfreeze": lambda: None, "get_freeze_count": lambda: 0,
                 "get_stats": lambda: [{"collections": 0, "collected": 0, "uncollectable": 0} for _ in range(3)]}
    for name, function in stand_ins.items():
        if not hasattr(gc, name):
            function.__name__ = function.__qualname__ = name
            setattr(gc, name, function)
    if not hasattr(gc, "garbage"):
        gc.garbage = []


def _patch_collections(collections):
    """GraalPy has no _collections._count_elements, and collections' Python fallback counted through the Counter's
    own get and item assignment, a dict subclass's: 1.0 us an element against 0.45 for the same loop into a dict.
    Where that cannot be told apart, as CPython's C loop decides for its own fast path (the mapping's get and item
    assignment are dict's, and it is empty), a list, tuple or string is counted into a dict that then fills the
    mapping; what was counted before an error is kept, as it was. Other iterables could look at the mapping as it
    fills (a generator given to update): those, and other mappings, take the fallback."""
    fallback = collections._count_elements
    sequences = (list, tuple, str)

    def _count_elements(mapping, iterable):
        kind = type(mapping)
        if (mapping or type(iterable) not in sequences or kind.__setitem__ is not dict.__setitem__
                or kind.get is not dict.get):
            return fallback(mapping, iterable)
        counts = {}
        get = counts.get
        try:
            for elem in iterable:
                counts[elem] = get(elem, 0) + 1
        finally:
            dict.update(mapping, counts)

    collections._count_elements = stand_in(_count_elements, fallback)


def _patch_math(math):
    """math.cbrt and math.exp2 (Python 3.11), which GraalPy's math lacks. cbrt may differ from CPython's (glibc's) in
    the last digit: glibc's is not correctly rounded (cbrt(27) is 3.0000000000000004 there, 3.0 here)."""
    def real(x):
        return math.copysign(math.fabs(x), x)  # math's own conversion, and its TypeError for a str

    if not hasattr(math, "cbrt"):
        def cbrt(x, /):
            x = real(x)
            if x == 0.0 or x != x or math.isinf(x):
                return x
            y = math.copysign(abs(x) ** (1.0 / 3.0), x)
            return y - (y * y * y - x) / (3.0 * y * y)  # one Newton step: exact cubes come out exact
        math.cbrt = cbrt
    if not hasattr(math, "exp2"):
        def exp2(x, /):
            try:
                return 2.0 ** real(x)
            except OverflowError:
                raise OverflowError("math range error") from None
        math.exp2 = exp2


def _patch_selector_events(selector_events):
    """asyncio's event loops wake themselves through a socket pair, which the sandbox refuses (it has no sockets at
    all): they wait on an in-process selector instead, woken by a condition variable. Every socket stays refused."""
    import errno
    import selectors
    import threading

    class InProcessSelector(selectors.BaseSelector):
        """Waits for a timeout or a wake-up; there are no file descriptors to watch in the sandbox."""

        def __init__(self):
            self._wakeup = threading.Condition(threading.Lock())
            self._woken = False

        def register(self, fileobj, events, data=None):
            raise OSError(errno.EPERM, "the sandbox's event loop cannot watch file descriptors (no sockets or pipes)")

        def unregister(self, fileobj):
            raise KeyError(f"{fileobj!r} is not registered")

        def select(self, timeout=None):
            with self._wakeup:
                if not self._woken and (timeout is None or timeout > 0):
                    self._wakeup.wait(timeout)
                self._woken = False
            return []

        def wake(self):
            with self._wakeup:
                self._woken = True
                self._wakeup.notify()

        def close(self):
            pass

        def get_map(self):
            return {}

    loop_type = selector_events.BaseSelectorEventLoop
    init = loop_type.__init__

    def __init__(self, selector=None):
        init(self, InProcessSelector() if selector is None else selector)

    def _make_self_pipe(self):
        self._ssock = self._csock = None

    def _close_self_pipe(self):
        pass

    def _write_to_self(self):
        wake = getattr(self._selector, "wake", None)
        if wake is not None:
            wake()

    loop_type.__init__ = __init__
    loop_type._make_self_pipe = _make_self_pipe
    loop_type._close_self_pipe = _close_self_pipe
    loop_type._write_to_self = _write_to_self
    selector_events.InProcessSelector = InProcessSelector


def _patch_socket(_socket):
    """GraalPy 25.2 reports what the sandbox leaves out of its POSIX layer (sockets, name lookups) as a catchable
    io.UnsupportedOperation, "socket was excluded", where 25.0 raised a host error the worker rendered: the refusal
    reads as before, as an OSError that says it is the sandbox's (the worker's HostRefusal says the same)."""
    import errno
    import io

    if getattr(_socket.socket, "sandbox_refusal", False):  # imported again after a del sys.modules: patched already
        return

    def refusal(error):
        if not str(error).endswith(" was excluded"):
            return None
        if "socket" in str(error):
            return OSError(errno.EAFNOSUPPORT, "network access is not available in the sandbox")
        return PermissionError(errno.EPERM, "operation not permitted in the sandbox")

    def refusing(function):
        def call(*args, **kwargs):
            try:
                return function(*args, **kwargs)
            except io.UnsupportedOperation as e:
                refused = refusal(e)
                if refused is None:
                    raise
                raise refused from None

        call.__name__, call.__qualname__, call.__doc__ = function.__name__, function.__qualname__, function.__doc__
        return call

    native = _socket.socket

    class socket(native):
        __slots__ = ()
        sandbox_refusal = True

        __init__ = refusing(native.__init__)

    socket.__module__, socket.__qualname__, socket.__doc__ = native.__module__, native.__qualname__, native.__doc__
    replaced = {}
    for name, value in list(vars(_socket).items()):
        if value is native:
            replaced[name] = value, socket  # socket and SocketType
        elif type(value).__name__ == "builtin_function_or_method":
            replaced[name] = value, refusing(value)
    imported = sys.modules.get("socket")  # if it ran already, it copied _socket's names
    for name, (old, new) in replaced.items():
        setattr(_socket, name, new)
        if imported is not None and getattr(imported, name, None) is old:
            setattr(imported, name, new)


def _patch_codecs(codecs):
    """GraalPy's lookup names a codec as it was asked for ("utf8", "latin1"); CPython's by the encodings module that
    serves it ("utf-8", "iso8859-1"), which code compares with to tell encodings apart. The codec stays GraalPy's."""
    import encodings
    lookup = codecs.lookup

    def named_lookup(encoding):
        info = lookup(encoding)
        # CPython's lookup lower-cases the name before its search functions normalise it.
        served = encodings.search_function(encoding.lower())
        if served is not None and info.name != served.name:
            info.name = served.name
        return info

    codecs.lookup = stand_in(named_lookup, lookup)


def _patch_time(time):
    """GraalPy's time.strftime, in Java, printed %z as it is (datetime's knows it): C99's directive, the offset from
    UTC of the time given, +HHMM from its tm_gmtoff (0 for a plain tuple, as CPython takes one). Its time.sleep
    overslept whole seconds."""
    strftime, localtime = time.strftime, time.localtime

    def with_offset(format, *time_tuple):
        if type(format) is not str or "%z" not in format:
            return strftime(format, *time_tuple)
        moment = time_tuple[0] if time_tuple else localtime()
        offset = getattr(moment, "tm_gmtoff", None) or 0
        hours, seconds = divmod(abs(offset), 3600)
        zone = f"{'-' if offset < 0 else '+'}{hours:02d}{seconds // 60:02d}"
        # "%%z" is a percent sign and a z: only the directives between escaped percent signs are replaced.
        return strftime("%%".join(part.replace("%z", zone) for part in format.split("%%")), *time_tuple)

    time.strftime = stand_in(with_offset, strftime)
    # GraalPy slept a whole number of seconds until the clock's second after the one it was due in (sleep(1) 1.5-1.9 s,
    # sleep(0) or sleep(False) up to a second), and a float as asked but past a stop: a thread left sleeping kept its
    # run from ending for half a minute. Slept in float steps of at most a quarter second, the time is right and a stop
    # lands between two steps. A zero sleep only lets other threads run, as CPython's does: a float's takes GraalPy
    # about a millisecond (CPython 0.07 ms).
    sleep, monotonic = time.sleep, time.monotonic

    def sleep_in_steps(seconds):
        if type(seconds) not in (int, float, bool) or not 0 <= seconds < 1e9:
            return sleep(seconds)
        if not seconds:
            return sleep(0.0)
        deadline = monotonic() + seconds
        while (left := deadline - monotonic()) > 0:
            sleep(min(left, 0.25))

    time.sleep = stand_in(sleep_in_steps, sleep)
    time.mktime = _normalizing_mktime(time.mktime, time.gmtime)


def _normalizing_mktime(mktime, gmtime):
    """C's mktime normalizes fields out of range, so agents write time.mktime((year, month + 1, 1, 0, 0, 0, 0, 0, -1))
    for the start of next month, December's included. GraalPy's, in Java, failed past every except clause for a month,
    day, hour or minute out of range (DateTimeException), and for a list instead of a tuple. The fields are normalized
    here, as a count of days and seconds, before the native call, which sees a valid local time and applies the
    zone's offset and isdst as before."""
    import operator

    def days_from_civil(year, month, day):  # proleptic Gregorian, days since 1970-01-01 (H. Hinnant's algorithm)
        year -= month <= 2
        era = year // 400
        year_of_era = year - era * 400
        day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
        return era * 146097 + year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year - 719468

    def normalizing_mktime(t, /):
        if not isinstance(t, tuple):  # struct_time is one
            raise TypeError("Tuple or struct_time argument required")
        if len(t) != 9:
            raise TypeError("mktime(): illegal time tuple argument")
        year, month, day, hour, minute, second, weekday, yearday, isdst = map(operator.index, t)
        years, month = divmod(month - 1, 12)
        seconds = (days_from_civil(year + years, month + 1, 1) + day - 1) * 86400 + hour * 3600 + minute * 60 + second
        return mktime(tuple(gmtime(seconds)[:8]) + (isdst,))

    return stand_in(normalizing_mktime, mktime)


def _patch_tracemalloc(tracemalloc):
    """GraalPy's tracemalloc has no tracer (its objects live on the JVM's heap): start, stop and get_traced_memory
    were missing, an AttributeError. They say so, and what measures memory instead; is_tracing answers False, so
    take_snapshot says it needs tracing, as CPython's does before start()."""

    def refusing(name):
        def refuse(*args, **kwargs):
            raise NotImplementedError(TRACEMALLOC_REFUSAL)

        refuse.__name__ = refuse.__qualname__ = name
        refuse.__module__ = "tracemalloc"
        return refuse

    for name in ("start", "stop", "get_traced_memory", "reset_peak", "clear_traces", "get_traceback_limit",
                 "get_tracemalloc_memory"):
        setattr(tracemalloc, name, refusing(name))
    tracemalloc.is_tracing = lambda: False


TRACEMALLOC_REFUSAL = ("tracemalloc cannot trace allocations in the sandbox's Python; "
                       "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss gives the peak memory in KiB")


def _patch_blake2(_blake2):
    """GraalPy's blake2b and blake2s ask the JDK for BLAKE2 digests, which it does not have (nor their digest_size,
    key, salt, person or tree fields): every call raised UnsupportedDigestmodError. They are _codeexec_blake2's."""
    import _codeexec_blake2
    _blake2.blake2b = _codeexec_blake2.blake2b
    _blake2.blake2s = _codeexec_blake2.blake2s


def _patch_sha3(_sha3):
    """GraalPy's shake_128 and shake_256 give only the JDK's fixed 32 and 64 bytes: `shake_128(data).hexdigest(8)`
    raised ValueError. They are _codeexec_shake's, every length as in CPython."""
    import _codeexec_shake
    _sha3.shake_128 = _codeexec_shake.shake_class(_sha3.shake_128, "shake_128", 168, 32)
    _sha3.shake_256 = _codeexec_shake.shake_class(_sha3.shake_256, "shake_256", 136, 64)


def _patch_hashlib(hashlib):
    """hashlib.new("shake_128") went to GraalPy's _hashlib, whose SHAKE has the fixed lengths above; it and the
    module's constructors (set when hashlib was imported, maybe before _sha3 was patched) are _sha3's."""
    import _sha3
    shakes = {"shake_128": _sha3.shake_128, "shake_256": _sha3.shake_256}
    hashlib.__dict__.update(shakes)
    cache = hashlib.__dict__.get("__builtin_constructor_cache")
    if isinstance(cache, dict):
        cache.update(shakes)
    new = hashlib.new

    def shake_new(name, data=b"", **kwargs):
        shake = shakes.get(name.lower()) if isinstance(name, str) else None
        return new(name, data, **kwargs) if shake is None else shake(data, **kwargs)
    hashlib.new = stand_in(shake_new, new)


def _patch_itertools(itertools):
    """GraalPy's batched(iterable, 0) raised TypeError where CPython raises ValueError("n must be at least one"):
    code catching ValueError for a bad batch size missed it. A subclass checks n first."""
    import operator
    native = itertools.batched

    class batched(native):
        __doc__ = native.__doc__

        def __new__(cls, iterable, n):
            if operator.index(n) < 1:
                raise ValueError("n must be at least one")
            return native.__new__(cls, iterable, n)
    batched.__module__, batched.__qualname__ = native.__module__, native.__qualname__
    itertools.batched = batched


def _patch_pydecimal(module):
    """decimal is _pydecimal here (CPython's is _decimal, in C), whose contexts keep their flags and traps as 0 and 1
    in an order of its own: `ctx.flags[Inexact]` printed 1 where CPython prints True, and a context's repr, and a
    loop over its flags, listed the signals otherwise (`traps=[DivisionByZero, Overflow, InvalidOperation]`). A
    context's signals are True or False, in _decimal's order, each context with its own as _decimal copies them;
    the arithmetic stays _pydecimal's."""
    signals = [module.InvalidOperation, module.FloatOperation, module.DivisionByZero, module.Overflow,
               module.Underflow, module.Subnormal, module.Inexact, module.Rounded, module.Clamped]
    if sorted(signals, key=id) != sorted(module._signals, key=id):
        return  # not the module this was written for
    module._signals = signals
    # A context's repr lists them in libmpdec's order of its flag bits, not in the order a loop over them gives.
    shown = [module.Clamped, module.InvalidOperation, module.DivisionByZero, module.Inexact, module.FloatOperation,
             module.Overflow, module.Rounded, module.Subnormal, module.Underflow]
    valid = frozenset(signals)
    refusal = ("valid values for signals are:\n  [InvalidOperation, FloatOperation, DivisionByZero,\n"
               "   Overflow, Underflow, Subnormal, Inexact, Rounded,\n   Clamped]")

    class SignalDict(dict):
        """A context's flags or traps: each signal True or False, as _decimal's SignalDict answers."""
        __slots__ = ()

        def __setitem__(self, signal, value):
            if signal not in valid:
                raise KeyError(refusal)
            dict.__setitem__(self, signal, bool(value))

        def __missing__(self, key):
            raise KeyError(refusal)

        def __delitem__(self, signal):
            raise ValueError("signal keys cannot be deleted")

        def copy(self):
            return SignalDict(self)

    def own(given):
        # _pydecimal checked that `given` names every signal and no other (_set_signal_dict).
        return SignalDict([(signal, bool(given[signal])) for signal in signals])

    context_type = module.Context
    set_signal_dict = context_type._set_signal_dict

    def _set_signal_dict(self, name, given):
        set_signal_dict(self, name, given)  # _pydecimal's checks
        object.__setattr__(self, name, own(given))

    def _shallow_copy(self):
        # _pydecimal's internal copy shares the signals with the context it copies: flags it sets show there.
        copy = self.copy()
        object.__setattr__(copy, "flags", self.flags)
        object.__setattr__(copy, "traps", self.traps)
        return copy

    def __repr__(self):
        flags = ", ".join(signal.__name__ for signal in shown if self.flags[signal])
        traps = ", ".join(signal.__name__ for signal in shown if self.traps[signal])
        return (f"Context(prec={self.prec:d}, rounding={self.rounding}, Emin={self.Emin:d}, Emax={self.Emax:d}, "
                f"capitals={self.capitals:d}, clamp={self.clamp:d}, flags=[{flags}], traps=[{traps}])")

    condition_map, set_flag = module._condition_map, dict.__setitem__

    def _raise_error(self, condition, explanation=None, *args):
        # _pydecimal's, setting the flag True past SignalDict's own check (every inexact result comes here): a Python
        # __setitem__ on this path made a decimal-heavy loop 10-40% slower.
        error = condition_map.get(condition, condition)
        if error in self._ignored_flags:
            return error().handle(self, *args)
        set_flag(self.flags, error, True)
        if not self.traps[error]:
            return condition().handle(self, *args)
        raise error(explanation)

    context_type._set_signal_dict = stand_in(_set_signal_dict, set_signal_dict)
    context_type._raise_error = stand_in(_raise_error, context_type._raise_error)
    context_type._shallow_copy = stand_in(_shallow_copy, context_type._shallow_copy)
    context_type.__repr__ = stand_in(__repr__, context_type.__repr__)
    variable = getattr(module, "_current_context_var", None)  # a context made before this patch (imported early)
    current = variable.get(None) if variable is not None else None
    for context in (module.DefaultContext, module.BasicContext, module.ExtendedContext, current):
        if context is not None:
            object.__setattr__(context, "traps", own(context.traps))
            object.__setattr__(context, "flags", own(context.flags))


def _patch_stat(stat):
    """GraalPy has no _stat, so stat.filemode is the module's Python fallback, which marks a mode without a file type
    as a regular file ('-rw-r--r--'); CPython's _stat, in C, marks it '?'. A tar member's mode holds no type, so
    CPython's `tarfile.list()` prints '?rw-r--r--' for every member, and a zip entry written by writestr shows
    filemode='?rw-------' in its repr. The type letter is _stat's; the permission letters were already the same."""
    fallback = stat.filemode
    kinds = {stat.S_IFREG: "-", stat.S_IFDIR: "d", stat.S_IFLNK: "l", stat.S_IFBLK: "b", stat.S_IFCHR: "c",
             stat.S_IFIFO: "p", stat.S_IFSOCK: "s"}
    kinds.pop(0, None)  # the types Linux lacks are 0 in stat (S_IFDOOR...): no type is '?'

    def filemode(mode):
        return kinds.get(mode & 0o170000, "?") + fallback(mode)[1:]

    stat.filemode = stand_in(filemode, fallback)


def _patch_logging(logging):
    """GraalPy's %-formatting (Java) of a float NaN or infinity with %d, %i or %u fails internally, past every except
    clause, where CPython raises ValueError or OverflowError. A log call with such a value (`log.info("rows=%d", n)`
    after a mean of nothing) ended the whole run, where CPython's handler reports "--- Logging error ---" and the
    program goes on. A record whose arguments hold such a float raises CPython's error before formatting, so
    logging's handling of it is CPython's; `"%d" % value` in a program's own code is still GraalPy's."""
    record_type = logging.LogRecord
    get_message = record_type.getMessage

    def getMessage(self):
        args = self.args
        if args:
            for value in (args.values() if isinstance(args, dict) else args if isinstance(args, tuple) else ()):
                if _nonfinite_float(value):
                    _refuse_nonfinite_integers(str(self.msg), args)
                    break
        return get_message(self)

    record_type.getMessage = stand_in(getMessage, get_message)


def _nonfinite_float(value):
    return isinstance(value, float) and value - value != 0.0  # NaN or an infinity


def _refuse_nonfinite_integers(format, args):
    """Raises what CPython raises for `format % args` when a %d, %i or %u conversion takes a float NaN or infinity."""
    import re
    index = 0
    # printf's conversion as str.__mod__ reads it: (key), flags, width, precision, length modifier, conversion.
    for m in re.finditer(r"%(?:\(([^)]*)\))?[#0 +-]*(\*|\d+)?(?:\.(\*|\d*))?[hlL]?(.)", format, re.S):
        key, width, precision, conversion = m.groups()
        if conversion == "%":
            continue
        if isinstance(args, dict):
            if key is None or key not in args:
                return
            value = args[key]
        else:
            index += (width == "*") + (precision == "*")
            if index >= len(args):
                return
            value, index = args[index], index + 1
        if conversion in "diu" and _nonfinite_float(value):
            if value != value:
                raise ValueError("cannot convert float NaN to integer")
            raise OverflowError("cannot convert float infinity to integer")


def _breakpoint(*args, **kws):
    """CPython's breakpoint(): GraalPy's failed internally (IllegalArgumentException) whatever sys.breakpointhook
    was, so a breakpoint() left in a program ended the run with a SystemError."""
    hook = getattr(sys, "breakpointhook", None)
    if hook is None:
        raise RuntimeError("lost sys.breakpointhook")
    sys.audit("builtins.breakpoint", hook)
    return hook(*args, **kws)


def _breakpointhook(*args, **kwargs):
    """CPython's sys.breakpointhook, in Python, for the breakpoint() above. PYTHONBREAKPOINT is honoured as CPython
    does (0 turns breakpoint() off, another name is imported and called); by default pdb stops at the caller's next
    line, reading its commands from the run's stdin, and quits with bdb.BdbQuit when there are none, as CPython under
    a pipe."""
    import os
    # The caller, as CPython's hook (C code) sees it: neither this function's frame nor breakpoint()'s.
    via_breakpoint = sys._getframe(1).f_code is _breakpoint.__code__
    name = os.environ.get("PYTHONBREAKPOINT") or "pdb.set_trace"
    if name == "0":
        return None
    if name == "pdb.set_trace":
        import pdb
        header = kwargs.pop("header", None)
        if args or kwargs:  # pdb.set_trace takes its header alone: its own TypeError
            return pdb.set_trace(*args, **kwargs)
        debugger = pdb.Pdb()
        if header is not None:
            debugger.message(header)
        return debugger.set_trace(sys._getframe(2 if via_breakpoint else 1))
    module_name, _, attribute = name.rpartition(".")
    try:
        import importlib
        hook = getattr(importlib.import_module(module_name or "builtins"), attribute)
    except (ImportError, AttributeError, ValueError):
        import warnings
        warnings.warn('Ignoring unimportable $PYTHONBREAKPOINT: "%s"' % name, RuntimeWarning,
                      stacklevel=3 if via_breakpoint else 2)
        return None
    return hook(*args, **kwargs)


def _patch_pdb(pdb):
    """pdb's continue sets a SIGINT handler, catching only the ValueError of a thread other than the main one; the
    sandbox refuses signal handlers (PermissionError), so `c` at a breakpoint ended the run. There is no Ctrl-C to
    catch here: every debugger is made as with nosigint=True. Its stack (`where`, `up`) starts at the caller's
    <module>, as a process's does, without the driver's frames below it."""
    debugger = pdb.Pdb
    init, get_stack = debugger.__init__, debugger.get_stack

    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        self.nosigint = True

    def without_driver(self, f, t):
        stack, index = get_stack(self, f, t)
        hidden = 0
        while hidden < len(stack) - 1 and stack[hidden][0].f_code.co_filename == DRIVER_FILE:
            hidden += 1
        return stack[hidden:], max(0, index - hidden)

    debugger.__init__ = stand_in(__init__, init)
    debugger.get_stack = stand_in(without_driver, get_stack)


def _checked_max_str_digits(set_int_max_str_digits):
    """GraalPy took any limit, 100 included; CPython refuses one under its threshold of 640 digits, so the limit
    a program read back was one CPython never has."""
    def checked(maxdigits):
        if maxdigits != 0 and maxdigits < sys.int_info.str_digits_check_threshold:
            raise ValueError("maxdigits must be 0 or larger than %d" % sys.int_info.str_digits_check_threshold)
        return set_int_max_str_digits(maxdigits)
    return stand_in(checked, set_int_max_str_digits)


def _patch_zlib(zlib):
    """GraalPy's zlib.compressobj with gzip's wbits (16 + 9..15) wrote raw deflate, without gzip's header and trailer:
    a .gz file streamed through it was unreadable, silently. Such a stream is the raw one wrapped in the header and
    trailer zlib writes (mtime 0, unix, the extra flags of the level). zlib.compress with those wbits (what
    gzip.compress(data, mtime=0) calls) wrote a header of its own, no extra flags and an unknown system, so the
    bytes, and any checksum of them, differed from CPython's: it goes through the same stream."""
    import struct
    compressobj = zlib.compressobj

    class GzipCompress:
        def __init__(self, raw, header):
            self._raw, self._header, self._crc, self._size = raw, header, 0, 0

        def _start(self):
            header, self._header = self._header, b""
            return header

        def compress(self, data):
            data = memoryview(data)
            self._crc = zlib.crc32(data, self._crc)
            self._size += data.nbytes
            return self._start() + self._raw.compress(data)

        def flush(self, mode=zlib.Z_FINISH):
            out = self._start() + self._raw.flush(mode)
            if mode == zlib.Z_FINISH:
                out += struct.pack("<II", self._crc & 0xFFFFFFFF, self._size & 0xFFFFFFFF)
            return out

        def copy(self):
            other = GzipCompress(self._raw.copy(), self._header)
            other._crc, other._size = self._crc, self._size
            return other

    GzipCompress.__name__ = GzipCompress.__qualname__ = "Compress"
    GzipCompress.__module__ = "zlib"

    def patched(level=-1, method=zlib.DEFLATED, wbits=zlib.MAX_WBITS, memLevel=zlib.DEF_MEM_LEVEL,
                strategy=zlib.Z_DEFAULT_STRATEGY, zdict=None):
        if type(level) is int and not -1 <= level <= 9:
            # GraalPy's failed past every except clause (IllegalArgumentException); zlib refuses it so.
            raise ValueError("Invalid initialization option")
        if type(wbits) is not int or not 25 <= wbits <= 31 or zdict is not None:
            if zdict is None:
                return compressobj(level, method, wbits, memLevel, strategy)
            return compressobj(level, method, wbits, memLevel, strategy, zdict)
        raw = compressobj(level, method, 16 - wbits, memLevel, strategy)
        extra = 2 if level == 9 else 4 if 0 <= level < 2 or strategy >= zlib.Z_HUFFMAN_ONLY else 0
        return GzipCompress(raw, b"\x1f\x8b\x08\x00\x00\x00\x00\x00" + bytes([extra, 3]))

    zlib.compressobj = stand_in(patched, compressobj)
    compress = zlib.compress

    def compress_patched(data, /, level=-1, wbits=zlib.MAX_WBITS):
        if type(wbits) is not int or not 25 <= wbits <= 31:
            return compress(data, level, wbits)
        stream = patched(level, zlib.DEFLATED, wbits)
        return stream.compress(data) + stream.flush()

    zlib.compress = stand_in(compress_patched, compress)
    _auto_detect_zlib_or_gzip(zlib)


def _patch_re(re):
    """re.Scanner compiles its lexicon from parsed subpatterns, which GraalPy's engine does not take: it fell back on
    _cpython_sre, native code the sandbox refuses (ImportError). The same scanner from the phrases' text: each phrase
    in a group of its own, alternatives in order; the group a match ends in (lastindex: a phrase's own group closes
    last) names the phrase, as in CPython, whose phrases' groups are numbered on after it as here."""

    class Scanner:
        def __init__(self, lexicon, flags=0):
            self.lexicon = lexicon
            groups, parts, self._phrase_of_group = 0, [], {}
            for index, (phrase, _action) in enumerate(lexicon):
                groups += 1
                self._phrase_of_group[groups] = index
                parts.append("(" + phrase + ")")
                groups += re.compile(phrase, flags).groups
            self.scanner = re.compile("|".join(parts), flags)

        def scan(self, string):
            result = []
            match = self.scanner.match
            i = 0
            while True:
                m = match(string, i)
                if not m:
                    break
                j = m.end()
                if i == j:
                    break
                action = self.lexicon[self._phrase_of_group[m.lastindex]][1]
                if callable(action):
                    self.match = m
                    action = action(self, m.group())
                if action is not None:
                    result.append(action)
                i = j
            return result, string[i:]

    Scanner.__module__ = re.__name__
    re.Scanner = Scanner
    _refuse_locale_str_patterns(re)


# What in a character set makes CPython's parser warn that a later version may read it otherwise: "[[:alpha:]]",
# POSIX's syntax, is a set of "[", ":" and letters followed by a literal "]" in Python.
_SET_SYNTAX = ("[[", "--", "&&", "~~", "||")
_BYTES_SET_SYNTAX = tuple(s.encode() for s in _SET_SYNTAX)


def _refuse_locale_str_patterns(re):
    """re.LOCALE with a str pattern is an error in CPython (its parser's, after any syntax error), which GraalPy's
    engine raises too, except with IGNORECASE: a locale-aware case fold, which it cannot look up, failed the run past
    every except clause. Such a pattern goes to CPython's parser, which raises what CPython raises. So does one that
    may hold a nested set or a set operation, for CPython's FutureWarning ("Possible nested set at position 1"), which
    GraalPy's engine never gave: a POSIX class such as [[:digit:]] matched otherwise than meant, silently. The parser
    is called from the same depth as in CPython, so the warning names the caller's line. re's cache keeps each
    compiled pattern: a pattern is looked at once."""
    compiler = re._compiler
    compile_pattern, parse, locale = compiler.compile, re._parser.parse, re.LOCALE.value

    def compile(p, flags=0):
        if isinstance(p, str):
            if flags & locale or any(s in p for s in _SET_SYNTAX):
                parse(p, flags)
        elif isinstance(p, bytes) and any(s in p for s in _BYTES_SET_SYNTAX):
            parse(p, flags)
        return compile_pattern(p, flags)

    compiler.compile = stand_in(compile, compile_pattern)


def _auto_detect_zlib_or_gzip(zlib):
    """wbits 32 + 8..15 read a zlib or a gzip stream, whichever the header says (MAX_WBITS | 32, what code that
    takes both writes). GraalPy read zlib only: zlib.decompress(gzip_bytes, 47) raised zlib.error, and
    zlib.decompressobj(47) raised ValueError. The header's first two bytes choose 16 + n (gzip) or n (zlib)."""
    decompress, decompressobj = zlib.decompress, zlib.decompressobj

    def chosen(wbits, head):
        return wbits - 16 if head[:2] == b"\x1f\x8b" else wbits - 32

    def auto(wbits):
        return type(wbits) is int and 40 <= wbits <= 47

    def decompress_patched(data, /, wbits=zlib.MAX_WBITS, bufsize=zlib.DEF_BUF_SIZE):
        if not auto(wbits):
            return decompress(data, wbits, bufsize)
        return decompress(data, chosen(wbits, bytes(memoryview(data)[:2])), bufsize)

    class AutoDecompress:
        """A decompressor made once the first two bytes say which format the stream is in."""

        def __init__(self, wbits, zdict):
            self._wbits, self._zdict, self._head, self._inner = wbits, zdict, b"", None

        def _ready(self, data):
            if self._inner is None:
                self._head += bytes(data)
                if len(self._head) < 2:
                    return None
                wbits = chosen(self._wbits, self._head)
                self._inner = (decompressobj(wbits) if self._zdict is None or wbits > 15
                               else decompressobj(wbits, zdict=self._zdict))
                data, self._head = self._head, b""
            return data

        def decompress(self, data, max_length=0):
            data = self._ready(data)
            return b"" if data is None else self._inner.decompress(data, max_length)

        def flush(self, length=zlib.DEF_BUF_SIZE):
            return b"" if self._inner is None else self._inner.flush(length)

        def copy(self):
            other = AutoDecompress(self._wbits, self._zdict)
            other._head, other._inner = self._head, None if self._inner is None else self._inner.copy()
            return other

        def __getattr__(self, name):
            # unused_data, unconsumed_tail, eof: the stream's once it is made, a new stream's before.
            if name in ("unused_data", "unconsumed_tail"):
                return b"" if self._inner is None else getattr(self._inner, name)
            if name == "eof":
                return False if self._inner is None else self._inner.eof
            raise AttributeError(name)

    AutoDecompress.__name__ = AutoDecompress.__qualname__ = "Decompress"
    AutoDecompress.__module__ = "zlib"

    def decompressobj_patched(wbits=zlib.MAX_WBITS, zdict=None):
        if not auto(wbits):
            return decompressobj(wbits) if zdict is None else decompressobj(wbits, zdict=zdict)
        return AutoDecompress(wbits, zdict)

    zlib.decompress = stand_in(decompress_patched, decompress)
    zlib.decompressobj = stand_in(decompressobj_patched, decompressobj)


def _compensated_sum(native_sum):
    """CPython 3.12's sum() compensates the rounding of each float it adds (Neumaier), so sum([0.1] * 10) is 1.0;
    GraalPy's adds floats one by one and gave 0.9999999999999999, and totals of prices came out a cent's fraction
    off. The native sum runs first, and its total stands unless it is a finite float from a start that is exactly an
    int or a float, of items that are all exactly floats, ints or bools, more than two from an int and more than one
    from a float (fewer, compensation changes nothing). Items of other types ran their own code once already: their
    total is the native one, which may differ from CPython's in the last digit where it compensated floats before
    them. Up to 16 items, CPython's steps are followed one by one (_cpython_sum). More floats alone, from 0 or a float
    start, are summed again by math.fsum, correctly rounded, which CPython's compensation gives but where magnitudes
    cancel (1e308 and -1e308 among them); with ints among them, which CPython adds without compensation, or from
    another start, CPython's steps are followed: the fsum of [3.57, 55, 92, 65, 69, 64, 3.59] is 352.16, CPython's
    352.15999999999997."""
    import math
    from itertools import chain, islice
    fsum = math.fsum
    exact, floats = frozenset((float, int, bool)), {float}
    HELD = 1_000_000

    def sum(iterable, /, start=0):
        # Each check here costs about 0.1-0.3 us in GraalPy's interpreter, as much as the native sum of a few items:
        # `is` tests rather than tuple and set membership, and finiteness by arithmetic rather than a call.
        kind = type(iterable)
        if kind is list or kind is tuple:
            items = iterable
        elif kind is range and type(start) is int:
            # Integers alone: nothing to compensate, so nothing to hold (a million of them, before the rest).
            return native_sum(iterable, start)
        else:
            # At most a million items are held to sum again; a longer stream is summed by the native sum as it
            # comes, as before, rather than held whole.
            iterator = iter(iterable)
            items = list(islice(iterator, HELD))
            if len(items) == HELD:
                return native_sum(chain(items, iterator), start)
        total = native_sum(items, start)
        if type(total) is not float or total - total != 0.0:
            return total  # not a float, or an infinity or a NaN (inf - inf is NaN), which compensation leaves
        kind = type(start)
        if (kind is not int and kind is not float) or len(items) <= (2 if kind is int else 1):
            # From an int, the first item is added without compensation; one rounding error, added back to the
            # correctly rounded sum it came from, leaves that as it is.
            return total
        if len(items) <= _SUM_FOLLOWED:
            # CPython's steps, for so few, cost about 1 us more a call than a check of types and math.fsum.
            compensated = _cpython_sum(items, start)
            return total if compensated is None else compensated
        kinds = set(map(type, items))
        if kinds == floats and (kind is float or start == 0):
            try:
                compensated = fsum(items) if kind is int else fsum((start, *items))
            except OverflowError:
                return _cpython_sum(items, start)
            # Equal when the plain total is already correctly rounded, a zero's sign included: then it is CPython's.
            return total if compensated == total else compensated
        if kinds <= exact:
            return _cpython_sum(items, start)
        return total

    sum.__doc__ = native_sum.__doc__
    sum.__module__ = "builtins"
    return sum


_LONG_MIN, _LONG_MAX = -(1 << 63), (1 << 63) - 1
# sum() of at most this many items follows CPython's steps one by one (_compensated_sum).
_SUM_FOLLOWED = 16


def _cpython_sum(items, start):
    """CPython 3.12's sum() of a list or tuple whose items are all exactly float, int or bool, from a start that is
    exactly int or float: its result, compensated as it compensates; None when an item is of another type, before
    anything of the caller's runs."""
    rest, result = iter(items), start
    if type(result) is int and _LONG_MIN <= result <= _LONG_MAX:
        # Ints and bools add up exactly while they fit a C long; the first other item is added to that.
        for item in rest:
            kind = type(item)
            if kind is int or kind is bool:
                if _LONG_MIN <= item <= _LONG_MAX and _LONG_MIN <= result + item <= _LONG_MAX:
                    result += item
                    continue
            elif kind is not float:
                return None
            result = result + item
            break
    if type(result) is float:
        # Floats add with Neumaier's compensation; ints that fit a C long add plainly; anything else ends it.
        total, compensation = result, 0.0
        for item in rest:
            kind = type(item)
            if kind is float:
                # The rounding error of total + item, exactly: what CPython's two branches compute, without abs()
                # calls (with every partial total finite, as the native total's being finite shows).
                added = total + item
                part = added - total
                compensation += (total - (added - part)) + (item - part)
                total = added
                continue
            if kind is not int and kind is not bool:
                return None
            if _LONG_MIN <= item <= _LONG_MAX:
                total += float(item)
                continue
            if compensation and compensation - compensation == 0.0:
                total += compensation
            result = total + item
            break
        else:
            if compensation and compensation - compensation == 0.0:
                total += compensation
            return total
    for item in rest:
        kind = type(item)
        if kind is not int and kind is not float and kind is not bool:
            return None
        result = result + item
    return result


_builtin_docs = None


def _documented(obj):
    """CPython's (text signature, docstring) for a function, method or type it writes in C, from _codeexec_docs; None
    for anything else. GraalPy's, in Java, mostly have neither, or parameters named a, b: help(len) printed no text and
    inspect.signature(len) said (a, /), where CPython says (obj, /). Keyed as the table is: "module.function", and
    "module.Class.method" for each class of the method's MRO (str.split for a subclass of str's, date.strftime for
    datetime's). The table is read at the first lookup, for help() or a builtin's signature."""
    global _builtin_docs
    kind = type(obj)
    if kind is _BUILTIN_FUNCTION:
        owner = obj.__self__
        if owner is None or type(owner) is _MODULE:
            names = (obj.__module__, getattr(owner, "__name__", None))
            keys = [f"{module}.{obj.__qualname__}" for module in names if module]
        else:
            keys = _method_keys(owner if isinstance(owner, type) else type(owner), obj.__name__)
    elif kind in _DESCRIPTORS:
        try:
            owner = obj.__objclass__
        except AttributeError:  # GraalPy's codecs.strict_errors and the like, past getattr's default
            return None
        keys = _method_keys(owner, obj.__name__)
    elif kind is _METHOD_WRAPPER:
        keys = _method_keys(type(obj.__self__), obj.__name__)
    elif isinstance(obj, type):
        keys = [f"{obj.__module__}.{obj.__qualname__}"]
    elif kind is _FUNCTION and not obj.__doc__:
        # The sandbox's stand-ins for builtins (sum, open, zlib.compress...) and GraalPy's Python versions of C
        # functions carry the native one's docstring, which GraalPy's mostly lack; their signatures are their own.
        module = obj.__module__ or ""
        keys = [f"{name}.{obj.__qualname__}" for name in (module, module[1:] if module[:1] == "_" else "_" + module)]
    else:
        return None
    if _builtin_docs is None:
        import _codeexec_docs
        _builtin_docs = _codeexec_docs.entries()
    for key in keys:
        entry = _builtin_docs.get(key)
        if entry is not None:
            return entry
    return None


def _method_keys(cls, name):
    return [f"{c.__module__}.{c.__qualname__}.{name}" for c in cls.__mro__]


_BUILTIN_FUNCTION = type(len)
_FUNCTION = type(lambda: None)
_MODULE = type(sys)
_DESCRIPTORS = (type(str.split), type(str.__len__), type(dict.__dict__["fromkeys"]))
_METHOD_WRAPPER = type("".__len__)


def _patch_inspect(inspect):
    """inspect.signature and inspect.getdoc of a builtin take CPython's text signature and docstring (_documented).
    GraalPy gives its builtins a __signature__ of their own, which inspect takes before any text signature, so the
    lookup comes first, after unwrapping as inspect does (the driver's open and os functions wrap the native ones)."""
    native_signature = inspect._signature_from_callable
    native_getdoc = inspect.getdoc
    is_builtin, method_type = inspect._signature_is_builtin, type(native_getdoc.__get__(0))

    def stop(f):
        return hasattr(f, "__signature__") or isinstance(f, method_type)

    def _signature_from_callable(obj, *args, follow_wrapper_chains=True, skip_bound_arg=True, **kwargs):
        target = inspect.unwrap(obj, stop=stop) if follow_wrapper_chains else obj
        entry = _documented(target) if is_builtin(target) else None
        if entry is None:
            return native_signature(obj, *args, follow_wrapper_chains=follow_wrapper_chains,
                                    skip_bound_arg=skip_bound_arg, **kwargs)
        if not entry[0]:  # CPython has none either: max, min, getattr, iter, next, math.log...
            raise ValueError(f"no signature found for builtin {target!r}")
        return inspect._signature_fromstr(kwargs.get("sigcls", inspect.Signature), target, entry[0], skip_bound_arg)

    def getdoc(object):
        entry = _documented(object)
        return native_getdoc(object) if entry is None or entry[1] is None else inspect.cleandoc(entry[1])

    inspect._signature_from_callable = stand_in(_signature_from_callable, native_signature)
    inspect.getdoc = stand_in(getdoc, native_getdoc)


def _patch_pydoc(pydoc):
    """help() and pydoc show a builtin's docstring as CPython has it (_documented); its signature comes through
    inspect.signature (_patch_inspect)."""
    native = pydoc._getdoc

    def _getdoc(object):
        entry = _documented(object)
        return native(object) if entry is None or entry[1] is None else pydoc.inspect.cleandoc(entry[1])

    pydoc._getdoc = stand_in(_getdoc, native)


def _anext_with_default(anext):
    """GraalPy's anext(iterator, default) made an awaitable that await refused ("object anext_awaitable can't be used
    in 'await' expression"); without a default it works. With one, a coroutine awaits the next item or gives the
    default, as CPython's awaitable does."""

    def patched(iterator, *default):
        if not default:
            return anext(iterator)
        if len(default) > 1:
            raise TypeError(f"anext expected at most 2 arguments, got {1 + len(default)}")
        if not hasattr(type(iterator), "__anext__"):
            raise TypeError(f"'{type(iterator).__name__}' object is not an async iterator")

        async def next_or_default():
            try:
                return await type(iterator).__anext__(iterator)
            except StopAsyncIteration:
                return default[0]

        return next_or_default()

    return stand_in(patched, anext)


def stand_in(replacement, original):
    """`replacement` under `original`'s name, qualified name, docstring and module: help() and tracebacks show the
    standard library's function it replaces."""
    replacement.__name__, replacement.__qualname__ = original.__name__, original.__qualname__
    replacement.__doc__, replacement.__module__ = original.__doc__, original.__module__
    return replacement


def _patch_json_encoder(encoder, indent_on_host):
    """json.dumps(..., indent=...) runs Python's own encoder in CPython 3.12, an interpreted loop per value here:
    seconds for a document of a megabyte. GraalPy's encoder in Java writes it compact, and the host lays it out as the
    Python encoder would (JsonIndent). With skipkeys (a dict whose keys are all skipped keeps its line breaks), an
    indent or separators of other types, or text the host declines, the Python encoder runs as before."""
    JSONEncoder = encoder.JSONEncoder
    original = JSONEncoder.iterencode

    def iterencode(self, o, _one_shot=False):
        indent, make = self.indent, encoder.c_make_encoder
        if type(indent) is str:
            unit = indent
        elif type(indent) is int:
            unit = " " * indent
        else:
            return original(self, o, _one_shot)
        if (not _one_shot or make is None or self.skipkeys or type(self.item_separator) is not str
                or type(self.key_separator) is not str):
            return original(self, o, _one_shot)
        string = encoder.encode_basestring_ascii if self.ensure_ascii else encoder.encode_basestring
        compact = "".join(make({} if self.check_circular else None, self.default, string, None, ":", ",",
                               self.sort_keys, False, self.allow_nan)(o, 0))
        laid_out = indent_on_host(compact, unit, self.item_separator, self.key_separator)
        return original(self, o, _one_shot) if laid_out is None else (laid_out,)
    JSONEncoder.iterencode = stand_in(iterencode, original)


def _patch_json_dump(json):
    """json.dump(obj, fp) writes the chunks of Python's encoder one by one, in CPython as here, and that encoder is an
    interpreted generator here: 20,000 small records (1.2 MB) took 1.2-1.9 s against CPython's 85-140 ms, where
    json.dumps and one write took 67-97 ms. For a file or StringIO as fp, and no code of the caller's run while
    encoding (no cls, and default None, str or repr), the text is made as json.dumps makes it and written at once:
    the same characters. Should making it fail, the standard path runs instead: it writes what it writes before it
    raises the same error. That path is CPython's: GraalPy's json.dump also calls fp.flush(), which a writer of the
    caller's own need not have."""
    import _io
    original, dumps = json.dump, json.dumps  # as taken now: CPython's dump never calls a json.dumps set later
    # A file from open() and a StringIO (_patch_io's classes), whose writes no caller's code sees: not subclasses.
    targets = (_io.TextIOWrapper, *getattr(_io.StringIO, "_codeexec_family", (_io.StringIO,)))

    def dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None,
             indent=None, separators=None, default=None, sort_keys=False, **kw):
        if cls is None and not kw and (default is None or default is str or default is repr) and type(fp) in targets:
            try:
                text = dumps(obj, skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
                             allow_nan=allow_nan, indent=indent, separators=separators, default=default,
                             sort_keys=sort_keys)
            except Exception:
                pass
            else:
                fp.write(text)
                return
        if (not skipkeys and ensure_ascii and check_circular and allow_nan and cls is None and indent is None
                and separators is None and default is None and not sort_keys and not kw):
            chunks = json._default_encoder.iterencode(obj)
        else:
            chunks = (json.JSONEncoder if cls is None else cls)(
                skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular, allow_nan=allow_nan,
                indent=indent, separators=separators, default=default, sort_keys=sort_keys, **kw).iterencode(obj)
        for chunk in chunks:
            fp.write(chunk)
    json.dump = stand_in(dump, original)


def _patch_strptime(strptime):
    """datetime.strptime runs _strptime's Python code on every call, here at about ten times CPython's time (20,000
    dates: 600-1,060 ms against 73-92). For datetime itself and a format of %Y, %m and %d, with %H, %M and %S if it
    likes, each once, and literal text, the regular expression _strptime would use (_TimeRE_cache.compile, the same
    in every locale for these) is matched, and the numbers it finds go to datetime() as _strptime passes them. A
    subclass, any other format, a string that does not match all through, or numbers datetime refuses take the
    standard path, which raises its own error."""
    import datetime
    original = strptime._strptime_datetime
    # Format -> its regular expression, or False for one the standard path takes; at most this many kept, the oldest
    # dropped first, as _patch_csv keeps what it compiles.
    regexes, kept = {}, 64

    def regex_for(format):
        directives = []
        at = format.find("%")
        while at >= 0:
            directive = format[at + 1:at + 2]
            if directive != "%":
                if not directive or directive not in "YmdHMS" or directive in directives:
                    return False
                directives.append(directive)
            at = format.find("%", at + 2)
        if not {"Y", "m", "d"}.issubset(directives):
            return False
        try:
            return strptime._TimeRE_cache.compile(format)
        except Exception:  # the standard path raises it
            return False

    def _strptime_datetime(cls, data_string, format="%a %b %d %H:%M:%S %Y"):
        if cls is datetime.datetime and type(data_string) is str and type(format) is str:
            regex = regexes.get(format)
            if regex is None:
                if len(regexes) >= kept:
                    del regexes[next(iter(regexes))]
                regex = regexes[format] = regex_for(format)
            found = regex.match(data_string) if regex else None
            if found is not None and found.end() == len(data_string):
                numbers = found.groupdict()
                try:
                    return cls(int(numbers["Y"]), int(numbers["m"]), int(numbers["d"]), int(numbers.get("H", 0)),
                               int(numbers.get("M", 0)), int(numbers.get("S", 0)), 0)
                except ValueError:
                    pass
        return original(cls, data_string, format)
    strptime._strptime_datetime = stand_in(_strptime_datetime, original)


def _patch_csv(csv):
    """csv.DictReader makes each row's dict with dict(zip(fieldnames, row)) after reading its fieldnames property twice,
    and csv.DictWriter each row's values with a set difference and a generator of dict.get calls: GraalPy's interpreter
    runs these at 10-20 times CPython's time, a property's getter alone at 1-1.8 us a call. Here a row of a plain
    DictReader whose names are set reads them from the instance, as the getter would return them, and a dict display
    compiled once per number of fields builds it from the names and values at hand, in dict(zip())'s order (a quarter of
    its time): 10,000 rows of five fields, in one interpreter by turns, took 32-35 ms at best against 39-55 with the
    getter read and a cache by names (python3 5.7). A subclass, a getter replaced on the class, a reader of the caller's
    own, names that are not yet read or are not a list or tuple of at most 256, and rows of another length take the
    standard library's steps, the getter read as often as there. The writer's rows go through a superset test and a
    tuple of get calls compiled for its field names (about 60% of the standard method's time) when they are plain dicts
    and the names are a list, tuple or dict keys of str; a key outside the header under extrasaction="raise" takes the
    standard method."""
    DictReader, DictWriter = csv.DictReader, csv.DictWriter
    original_next, original_to_list = DictReader.__next__, DictWriter._dict_to_list
    names_property, reader_type = DictReader.__dict__["fieldnames"], type(csv.reader([]))
    # Number of fields -> the display that builds a row of that many; field names -> what was compiled for the
    # writer (False: names that are not all str).
    displays, writers = {}, {}

    def display(names, row):
        # dict(zip(names, row)), which a display equals for a list or tuple of names and a list row as long.
        kind = type(names)
        if (kind is list or kind is tuple) and type(row) is list:
            count = len(names)
            if count == len(row) and count <= _CSV_COMPILED_MAX_FIELDS:
                return (displays.get(count) or compile_display(count))(names, row)
        return dict(zip(names, row))

    def compile_display(count):
        entries = ", ".join(f"names[{i}]: row[{i}]" for i in range(count))
        build = displays[count] = _eval(f"lambda names, row: {{{entries}}}", {"__builtins__": {}})
        return build

    def compiled(cache, fieldnames, make):
        try:
            key = tuple(fieldnames)
            found = cache.get(key)
        except TypeError:  # an unhashable field name: the standard library's code raises as in CPython
            return False
        if found is None:
            if len(cache) >= _CSV_COMPILED_KEPT:
                del cache[next(iter(cache))]
            found = False
            if len(key) <= _CSV_COMPILED_MAX_FIELDS and all(type(name) is str for name in key):
                found = make(key)
            cache[key] = found
        return found

    # repr of an exact str is a literal of the same string: the source holds nothing but literals.
    def row_values(names):
        gets = "".join(f"d.get({name!r}, rv), " for name in names)
        return frozenset(names), _eval(f"lambda d, rv: ({gets})", {"__builtins__": {}})

    def __next__(self):
        reader = self.reader if type(self) is DictReader else None
        if type(reader) is not reader_type or DictReader.fieldnames is not names_property:
            return standard_next(self)
        if self.line_num == 0:
            self.fieldnames  # reads the header
        row = next(reader)
        self.line_num = reader.line_num
        if row == []:
            while row == []:
                row = next(reader)
            self.line_num = reader.line_num  # as the getter sets it below
        names = self._fieldnames  # what the getter returns once they are read
        kind = type(names)
        if kind is list or kind is tuple:
            count = len(names)
            if count == len(row) and count <= _CSV_COMPILED_MAX_FIELDS:
                return (displays.get(count) or compile_display(count))(names, row)
        return rest_of_row(self, row)

    def standard_next(self):
        # The standard library's steps, the getter read as often.
        if self.line_num == 0:
            # Used only for its side effect.
            self.fieldnames
        row = next(self.reader)
        self.line_num = self.reader.line_num

        # unlike the basic reader, we prefer not to return blanks,
        # because we will typically wind up with a dict full of None
        # values
        while row == []:
            row = next(self.reader)
        return rest_of_row(self, row)

    def rest_of_row(self, row):
        d = display(self.fieldnames, row)
        lf = len(self.fieldnames)
        lr = len(row)
        if lf < lr:
            d[self.restkey] = row[lf:]
        elif lf > lr:
            for key in self.fieldnames[lr:]:
                d[key] = self.restval
        return d

    def _dict_to_list(self, rowdict):
        fieldnames = self.fieldnames
        if type(rowdict) is dict and type(fieldnames) in _FIELD_SEQUENCES:
            found = compiled(writers, fieldnames, row_values)
            if found and (self.extrasaction != "raise" or found[0].issuperset(rowdict)):
                return found[1](rowdict, self.restval)
        return original_to_list(self, rowdict)
    DictReader.__next__ = stand_in(__next__, original_next)
    DictWriter._dict_to_list = stand_in(_dict_to_list, original_to_list)


def _patch_io(io):
    """GraalPy reads a line of an io.StringIO(newline="") by searching the rest of the text for "\\n" and then for
    "\\r": where no "\\r" follows, every line's search runs to the end, and reading lines takes time quadratic in the
    text's length (100,000 lines, 2.2 MB, took 67 s to iterate; CPython 31 ms). Until a "\\r" is written, a
    StringIO reads exactly the same lines with newline="\\n": lines end at "\\n" only, and neither translates
    anything. So one made with "" around a text without "\\r" is made with "\\n", in a class that watches writes:
    the first "\\r" written remakes it with "" around the same text and position, a plain StringIO again. Its
    newlines and pickled state answer as for "". One made empty is left as it was: it is mostly csv.writer's target,
    whose every write the watch would slow by a quarter. io.StringIO and _io.StringIO name the plain class, a
    subclass of GraalPy's with the same name and module, so repr, pickling and isinstance read as before; only
    type(f) of one still watching is not io.StringIO."""
    import _io
    base = _io.StringIO
    if hasattr(base, "_codeexec_family"):  # io imported again after a del sys.modules: patched already
        io.StringIO = base
        return

    # No class adds a slot: GraalPy moves an object's __class__ only between classes of one layout. Whether a "\\n"
    # was written is told by the class too.
    class StringIO(base):
        __slots__ = ()

        def __init__(self, initial_value="", newline="\n"):
            watch = newline == "" and type(self) in watching and type(initial_value) is str and bool(
                initial_value) and "\r" not in initial_value
            base.__init__(self, initial_value, "\n" if watch else newline)
            if watch:
                self.__class__ = _WatchingSawLf if "\n" in initial_value else _Watching
            elif type(self) is not StringIO and type(self) in watching:
                self.__class__ = StringIO

    class _Watching(StringIO):
        __slots__ = ()
        _saw_lf = False

        def write(self, s):
            # A bound write kept from before (csv.writer keeps one) may outlive the watch.
            if isinstance(s, str) and type(self) in watching[1:]:
                if "\r" in s:
                    universal(self)
                elif "\n" in s and type(self) is _Watching:
                    self.__class__ = _WatchingSawLf
            return base.write(self, s)

        def writelines(self, lines):
            base.writelines(self, ())  # closed or not: as the standard method checks before it iterates
            for line in lines:
                self.write(line)

        @property
        def newlines(self):
            base.newlines.__get__(self)  # raises as for any StringIO that is closed
            return "\n" if self._saw_lf else None

        def __getstate__(self):
            value, _, position, attributes = base.__getstate__(self)
            return value, "", position, attributes

        def __reduce_ex__(self, protocol):
            return StringIO, (), self.__getstate__()

    class _WatchingSawLf(_Watching):
        __slots__ = ()
        _saw_lf = True

    def universal(self):
        value, position = base.getvalue(self), base.tell(self)
        # Remade with "", the decoder sees this text only: a "\n" written before and overwritten since is added
        # for it and cut off again, so newlines still counts it.
        lost_lf = self._saw_lf and "\n" not in value
        base.__init__(self, value + "\n" if lost_lf else value, "")
        if lost_lf:
            base.truncate(self, len(value))
        base.seek(self, position)
        self.__class__ = StringIO

    watching = StringIO._codeexec_family = (StringIO, _Watching, _WatchingSawLf)
    for cls in watching:
        cls.__module__, cls.__name__, cls.__qualname__ = base.__module__, base.__name__, base.__qualname__
    StringIO.__doc__ = base.__doc__
    io.StringIO = _io.StringIO = StringIO


def _patch_binascii(binascii):
    """GraalPy's hexlify and b2a_hex take no separator: these add CPython's `sep` and `bytes_per_sep`."""
    native = binascii.hexlify
    if getattr(native, "sandbox_sep", False):  # imported again after a del sys.modules: patched already
        return

    def hexlify(data, sep=None, bytes_per_sep=1):
        digits = native(data)
        if sep is None:
            return digits
        if isinstance(sep, str):
            sep = sep.encode("ascii")
        if len(sep) != 1:
            raise ValueError("sep must be length 1.")
        group = abs(bytes_per_sep) * 2
        if group == 0 or len(digits) <= group:
            return digits
        # Counted from the right end for a positive bytes_per_sep, from the left for a negative one.
        first = len(digits) % group if bytes_per_sep > 0 else group
        first = first or group
        pieces = [digits[:first]] + [digits[i:i + group] for i in range(first, len(digits), group)]
        return bytes(sep).join(pieces)

    hexlify.__doc__ = native.__doc__
    hexlify.sandbox_sep = True
    binascii.hexlify = binascii.b2a_hex = hexlify
    binascii.a2b_base64 = _a2b_base64_as_cpython(binascii)


# Base64 digit values; 64 and up: not a digit.
_BASE64_DIGITS = {c: i for i, c in enumerate(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}


def _a2b_base64_as_cpython(binascii):
    """GraalPy's a2b_base64 (base64.b64decode) refused what CPython's lenient decoding takes ('=YWJj' is b'abc',
    'YQ==YmM=' b'a': padding ends the data) and answered with a Java exception's text and stack, 11 KB of it, where
    CPython names the fault. What it refuses is decoded again as CPython's binascii.c does, character by character,
    and refused with CPython's messages; what it decodes is its own, at its speed."""
    native = binascii.a2b_base64
    Error = binascii.Error

    def a2b_base64(data, /, *, strict_mode=False):
        try:
            return native(data, strict_mode=strict_mode)
        except TypeError:
            raise
        except Exception:
            pass
        if isinstance(data, str):
            try:
                data = data.encode("ascii")
            except UnicodeEncodeError:
                raise ValueError("string argument should contain only ASCII characters") from None
        data = bytes(memoryview(data))
        if strict_mode and data[:1] == b"=":
            raise Error("Leading padding not allowed")
        out, quad, left, pads, padding = bytearray(), 0, 0, 0, False
        for i, ch in enumerate(data):
            if ch == 61:  # "="
                padding = True
                pads += 1
                if quad >= 2 and quad + pads >= 4:
                    if strict_mode and i + 1 < len(data):
                        raise Error("Excess data after padding")
                    return bytes(out)
                continue
            value = _BASE64_DIGITS.get(ch, 64)
            if value >= 64:
                if strict_mode:
                    raise Error("Only base64 data is allowed")
                continue
            if strict_mode and padding:
                raise Error("Discontinuous padding not allowed")
            pads = 0
            if quad == 0:
                quad, left = 1, value
            elif quad == 1:
                quad = 2
                out.append(((left << 2) | (value >> 4)) & 0xFF)
                left = value & 0x0F
            elif quad == 2:
                quad = 3
                out.append(((left << 4) | (value >> 2)) & 0xFF)
                left = value & 0x03
            else:
                quad = 0
                out.append(((left << 6) | value) & 0xFF)
        if quad == 1:
            raise Error("Invalid base64-encoded string: number of data characters (%d) cannot be 1 more than a "
                        "multiple of 4" % (sum(1 for c in data if c in _BASE64_DIGITS)))
        if quad != 0:
            raise Error("Incorrect padding")
        return bytes(out)

    a2b_base64.__doc__, a2b_base64.__module__ = native.__doc__, "binascii"
    return a2b_base64


def _hold_writers(module, name, writes, hold):
    """An archive writer the program drops unclosed (`gzip.open(p, "wt").write(text)`,
    `zipfile.ZipFile(p, "w").writestr(...)`) is closed by CPython's collector, which writes its trailer or central
    directory; GraalPy may never finalize it, and the run's end closed only the file beneath, leaving an archive that
    would not open. Each `module.name` made for writing is handed to the driver (`hold`), which closes it before the
    files; so is the text layer `module.open` puts over one, whose buffer goes into the writer as it closes."""
    import functools
    cls = getattr(module, name)

    def hold_if_writing(writer):
        if writes(writer):
            hold(writer)
    _after_init(cls, hold_if_writing)
    opener = getattr(module, "open", None)
    if opener is None:
        return

    def open(*args, **kwargs):
        f = opener(*args, **kwargs)
        if isinstance(getattr(f, "buffer", None), cls) and writes(f.buffer):
            hold(f)
        return f
    functools.update_wrapper(open, opener)
    module.open = open


def _hold_temporary_files(tempfile, hold):
    """A NamedTemporaryFile the program drops unclosed is deleted by CPython's collector (its closer's __del__);
    GraalPy may never run it, and the file stayed in the workspace. Each closer is handed to the driver, which runs
    its clean-up at the run's end as the collector would: the file is closed, and deleted unless told otherwise."""
    _after_init(tempfile._TemporaryFileCloser, lambda closer: hold(_CleanUp(closer)))


def _after_init(cls, then):
    """Makes `cls`'s constructor call `then` with each new instance, keeping its name and signature (__wrapped__)."""
    import functools
    init = cls.__init__

    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        then(self)
    functools.update_wrapper(__init__, init)
    cls.__init__ = __init__


class _CleanUp:
    """What the driver closes at the run's end in place of a temporary file's closer: the closer's clean-up."""
    __slots__ = ("_closer",)

    def __init__(self, closer):
        self._closer = closer

    def close(self):
        self._closer.cleanup()

    @property
    def closed(self):
        return self._closer.cleanup_called

    def __repr__(self):
        return repr(self._closer.file)


def _patch_lzma(_lzma):
    """GraalPy's LZMA decoder (on the JDK) takes any bytes that are not .xz for a legacy .lzma header, and its dictionary
    size for a buffer to allocate: `tarfile.is_tarfile` on a file that is not an archive ran the worker out of memory.
    liblzma, under CPython, rejects such a header before it allocates; so does this, with its checks and message.
    It also holds input back until it can decode a whole block yet says it needs none, and calls a stream with nothing
    in it ended with all of it unused: reading a truncated .xz file, or `lzma.decompress` of an empty one, looped until
    the run's timeout. Here a decoder that returned all it could needs input until its stream ends, as liblzma's
    does, and an empty stream leaves nothing unused."""
    native = _lzma.LZMADecompressor
    if getattr(native, "sandbox_checked", False):  # imported again after a del sys.modules: patched already
        return
    xz_magic = b"\xfd7zXZ\x00"
    header_bytes = 13  # properties, dictionary size (4 bytes), uncompressed size (8 bytes)

    def bad_header(header, picky):
        # liblzma's lzma_alone decoder: lc + lp at most 4, and, as its auto decoder runs it ("picky"), a dictionary
        # size of 2^n or 2^n + 2^(n-1) (or unset) and an uncompressed size below 256 GiB (or unknown).
        if header[0] > (4 * 5 + 4) * 9 + 8:
            return True
        lp, lc = divmod(header[0] % 45, 9)
        if lc + lp > 4:
            return True
        if not picky:
            return False
        dictionary = int.from_bytes(header[1:5], "little")
        if dictionary != 0xFFFFFFFF:
            d = dictionary - 1
            for shift in (2, 3, 4, 8, 16):
                d |= d >> shift
            if (d + 1) & 0xFFFFFFFF != dictionary:
                return True
        size = int.from_bytes(header[5:13], "little")
        return size != 0xFFFFFFFFFFFFFFFF and size >= 1 << 38

    class LZMADecompressor:
        __doc__ = native.__doc__
        sandbox_checked = True

        def __init__(self, format=_lzma.FORMAT_AUTO, memlimit=None, filters=None):
            self._args = (format, memlimit, filters)
            self._checking = format in (_lzma.FORMAT_AUTO, _lzma.FORMAT_ALONE)
            self._held = b""
            self._native = None if self._checking else native(format, memlimit, filters)
            self._fed = 0  # bytes given to the native decoder
            self._limited = False  # its last answer stopped at max_length: it may hold more output

        def decompress(self, data, max_length=-1):
            if self._native is None:
                self._held += bytes(data)
                format = self._args[0]
                if format == _lzma.FORMAT_AUTO and xz_magic.startswith(self._held[:len(xz_magic)]) \
                        and len(self._held) < len(xz_magic):
                    return b""
                if not (format == _lzma.FORMAT_AUTO and self._held.startswith(xz_magic)):
                    if len(self._held) < header_bytes:
                        return b""
                    if bad_header(self._held, format == _lzma.FORMAT_AUTO):
                        raise _lzma.LZMAError("Input format not supported by decoder")
                self._native = native(*self._args)
                data, self._held = self._held, b""
            out = self._native.decompress(data, max_length)
            self._fed += len(data)
            self._limited = 0 <= max_length <= len(out)
            return out

        @property
        def check(self):
            return _lzma.CHECK_UNKNOWN if self._native is None else self._native.check

        @property
        def eof(self):
            return False if self._native is None else self._native.eof

        @property
        def unused_data(self):
            if self._native is None:
                return b""
            unused = self._native.unused_data
            return b"" if self._native.eof and len(unused) == self._fed else unused

        @property
        def needs_input(self):
            return self._native is None or not (self._native.eof or self._limited)

    LZMADecompressor.__module__, LZMADecompressor.__qualname__ = native.__module__, native.__qualname__
    _lzma.LZMADecompressor = LZMADecompressor
    imported = sys.modules.get("lzma")
    if imported is not None and getattr(imported, "LZMADecompressor", None) is native:
        imported.LZMADecompressor = LZMADecompressor


def _patch_unicodedata(unicodedata):
    """GraalPy delegates combining, east_asian_width, mirrored, decimal, digit, numeric, lookup and ucd_3_2_0 (the idna
    codec's database) to a native module: here they are CPython's data (_codeexec_unicodedata) and the compiler's own
    name table. Its decomposition is Java's and answers another question (below): CPython's data too."""
    import bisect
    import _codeexec_unicodedata as data
    missing = object()

    def table(name, runs, parse, default, error=None):
        starts, ends, values = [], [], []
        for run in runs.split():
            first, last, value = run.split(":")
            starts.append(int(first, 16))
            ends.append(int(last, 16))
            values.append(parse(value))

        def find(chr_, default_value=missing):
            if not isinstance(chr_, str) or len(chr_) != 1:
                raise TypeError(f"{name}() argument 1 must be a unicode character, not {type(chr_).__name__}")
            cp = ord(chr_)
            i = bisect.bisect_right(starts, cp) - 1
            if i >= 0 and cp <= ends[i]:
                return values[i]
            if error is None:
                return default
            if default_value is missing:
                raise ValueError(error)
            return default_value
        find.__name__ = find.__qualname__ = name
        return find

    functions = [table("combining", data.COMBINING, int, 0), table("east_asian_width", data.EAST_ASIAN_WIDTH, str, "N"),
                 table("mirrored", data.MIRRORED, int, 0), table("decimal", data.DECIMAL, int, None, "not a decimal"),
                 table("digit", data.DIGIT, int, None, "not a digit"),
                 table("numeric", data.NUMERIC, float, None, "not a numeric character")]

    def lookup(name):
        text = name.decode("ascii", "replace") if isinstance(name, (bytes, bytearray)) else name
        if isinstance(text, str) and text and all(c.isascii() and (c.isalnum() or c in " -") for c in text):
            try:
                return eval('"\\N{' + text + '}"', {"__builtins__": {}})
            except SyntaxError:
                pass
        raise KeyError(f"undefined character name '{text}'")

    class UCD:
        """The Unicode 3.2.0 database the idna codec asks for: this one answers from the current data."""
        unidata_version = "3.2.0"

        def __getattr__(self, attribute):
            return getattr(unicodedata, attribute)

    decompositions = {}

    def decomposition(chr_):
        # GraalPy's (Java's) gave the full decomposition, lowercase ("<compat> 0044 007a 030c" for U+01C5), where
        # CPython gives the character's own mapping as UnicodeData.txt has it ("<compat> 0044 017E"). Parsed at
        # the first call: most runs that import unicodedata only normalize.
        if not isinstance(chr_, str) or len(chr_) != 1:
            raise TypeError("decomposition() argument must be a unicode character, not "
                            + ("None" if chr_ is None else type(chr_).__name__))
        if not decompositions:
            for entry in data.DECOMPOSITION.split("|"):
                code, _, value = entry.partition(":")
                decompositions[int(code, 16)] = value
        return decompositions.get(ord(chr_), "")

    for function in functions:
        setattr(unicodedata, function.__name__, function)
    unicodedata.decomposition = decomposition
    unicodedata.lookup = lookup
    unicodedata.ucd_3_2_0 = UCD()

