"""What the sandbox answers where CPython would start a process, set a signal handler or ask the system for its user
and environment, as catchable Python exceptions and values. Under GraalPy the host refused os.system and os.popen
past every except clause, subprocess said the program did not exist, pwd failed internally (so did tarfile.add,
getpass.getuser and ~ in paths), multiprocessing's pools failed with EINVAL, signal.signal said only "Operation not
permitted" while signal.alarm pretended to schedule, and os.environ held no HOME, PATH or LANG."""

import errno
import operator
import os

from _codeexec_patches import STRERROR, stand_in

REFUSAL = "creating processes is not allowed in the sandbox"
USER = "sandbox"

# os's ways to start a process (those GraalPy has): each raises the same PermissionError.
_OS_STARTS = ("system", "popen", "fork", "forkpty", "execv", "execve", "execl", "execle", "execlp", "execlpe",
              "execvp", "execvpe", "spawnv", "spawnve", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnvp",
              "spawnvpe", "posix_spawn", "posix_spawnp")


# multiprocessing's own words: its pools and queues failed before they reached a process, on a semaphore.
PROCESS_POOL_REFUSAL = (REFUSAL + "; multiprocessing.dummy and concurrent.futures.ThreadPoolExecutor offer the same "
                        "API on threads")
SIGNAL_REFUSAL = ("signal handlers, alarms and _thread.interrupt_main are not available in the sandbox; for a time "
                  "limit, run the work in a thread and wait for it with a timeout (a thread's join, a future's "
                  "result)")
# What a login shell would have set, and python -c would find: HOME, PATH and LANG are read by scripts directly.
ENVIRONMENT = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "USER": USER, "LOGNAME": USER,
               "SHELL": "/bin/sh"}
# GraalPy's own, for native extensions the sandbox never loads.
_GRAALPY_VARIABLES = ("UNSAFE_PYO3_SKIP_VERSION_CHECK",)


def refusal(message=REFUSAL):
    return PermissionError(errno.EPERM, message)


def _refusing(original, message=REFUSAL):
    def refuse(*args, **kwargs):
        raise refusal(message)

    return stand_in(refuse, original)


def patch_os(module):
    for name in _OS_STARTS:
        original = getattr(module, name, None)
        if original is not None:
            setattr(module, name, _refusing(original))
    # GraalPy's POSIX layer leaves these out; the effective ids are the real ones (nothing is setuid here).
    if not hasattr(module, "geteuid"):
        module.geteuid, module.getegid = module.getuid, module.getgid
    if not hasattr(module, "getlogin"):
        module.getlogin = lambda: USER
    if not hasattr(module, "sched_getaffinity"):
        module.sched_getaffinity = _sched_getaffinity
    module.strerror = stand_in(_strerror, module.strerror)
    # CPython's errno has Linux's ENOTSUP (EOPNOTSUPP's code) and names a code by the alias it defines last; GraalPy's
    # lacked the one and named EDEADLK, not EDEADLOCK.
    errno.ENOTSUP = errno.EOPNOTSUPP
    errno.errorcode.update({errno.EDEADLOCK: "EDEADLOCK", errno.ENOTSUP: "ENOTSUP"})
    module.get_terminal_size = _not_a_terminal(module.get_terminal_size)


def _sched_getaffinity(pid, /):
    """GraalPy leaves it out, and `len(os.sched_getaffinity(0))` is how programs size a pool on Linux: an
    AttributeError there ended the run. The process may run on every processor os.cpu_count() counts."""
    pid = operator.index(pid)
    if pid not in (0, os.getpid()):
        raise ProcessLookupError(errno.ESRCH, os.strerror(errno.ESRCH))
    return set(range(os.cpu_count() or 1))


def _strerror(code, /):
    return STRERROR.get(operator.index(code), f"Unknown error {code}")


def _not_a_terminal(native):
    """A run's standard streams are pipes, never a terminal: CPython's os.get_terminal_size raises ENOTTY for them, and
    shutil.get_terminal_size falls back to its default (80x24, or the one given). GraalPy's answered 80x25 for any
    descriptor, and shutil took that over the fallback the program passed."""
    def get_terminal_size(fd=1, /):
        native(fd)  # a descriptor that is not open: EBADF, as in CPython
        raise OSError(errno.ENOTTY, STRERROR[errno.ENOTTY])

    return stand_in(get_terminal_size, native)


def patch_subprocess(subprocess):
    """Popen starts its child through _fork_exec (posix_spawn is off): refused there, after Popen made its pipes,
    which it closes on the way out as for any failed start."""
    if subprocess._fork_exec is not None:
        subprocess._fork_exec = _refusing(subprocess._fork_exec)
    subprocess._USE_POSIX_SPAWN = False


def patch_multiprocessing_process(process):
    """multiprocessing.Process.start; multiprocessing.dummy's processes are threads and still start."""
    process.BaseProcess.start = _refusing(process.BaseProcess.start)


def patch_multiprocessing_synchronize(synchronize):
    """Every lock, semaphore and queue of multiprocessing (Pool's among them) is a SemLock, which failed with EINVAL."""
    synchronize.SemLock.__init__ = _refusing(synchronize.SemLock.__init__, PROCESS_POOL_REFUSAL)


def patch_process_pool(process):
    """ProcessPoolExecutor checked the system's semaphores first and said there were too few."""
    process._check_system_limits = _refusing(process._check_system_limits, PROCESS_POOL_REFUSAL)


def patch_signal(signal):
    """Handlers cannot be set; an alarm or timer that could never fire is refused rather than accepted. Cancelling
    one (a zero delay) answers that none was set, as CPython's does when none was."""
    signal.signal = _refusing(signal.signal, SIGNAL_REFUSAL)
    alarm, setitimer = signal.alarm, signal.setitimer

    def refuse_alarm(seconds):
        if seconds != 0:
            raise refusal(SIGNAL_REFUSAL)
        return alarm(seconds)

    def refuse_setitimer(which, seconds, interval=0.0):
        if seconds != 0:
            raise refusal(SIGNAL_REFUSAL)
        return setitimer(which, seconds, interval)

    signal.alarm, signal.setitimer = stand_in(refuse_alarm, alarm), stand_in(refuse_setitimer, setitimer)


def thread_pool_defaults(threads_per_run):
    """The patches that keep a pool's default size within the threads a run may start: ThreadPoolExecutor's
    min(32, cpu_count + 4) and ThreadPool's one per core (GraalPy's count), both the host's, passed the cap on hosts
    of 13 cores or more and failed the first map that used them."""

    def patch_executor(thread):
        init = thread.ThreadPoolExecutor.__init__

        def __init__(self, max_workers=None, *args, **kwargs):
            if max_workers is None:
                max_workers = min(32, (os.cpu_count() or 1) + 4, threads_per_run)
            init(self, max_workers, *args, **kwargs)

        thread.ThreadPoolExecutor.__init__ = stand_in(__init__, init)

    def patch_thread_pool(pool):
        init = pool.ThreadPool.__init__

        def __init__(self, processes=None, *args, **kwargs):
            if processes is None:  # besides its workers, a pool runs three threads of its own
                processes = max(1, min(os.cpu_count() or 1, threads_per_run - 3))
            init(self, processes, *args, **kwargs)

        pool.ThreadPool.__init__ = stand_in(__init__, init)

    return patch_executor, patch_thread_pool


def patch_pool(pool):
    """multiprocessing.pool.ThreadPool (and multiprocessing.dummy.Pool) woke its worker handler through a pipe that it
    waited on with select, which the sandbox leaves out: the first map hung until the run's timeout. Its changes are
    told through a thread queue instead."""
    import queue

    class ChangeNotifier(queue.SimpleQueue):
        @property
        def _reader(self):  # ThreadPool's sentinels: only this queue
            return self

    wait_for_updates = pool.Pool._wait_for_updates

    def _wait_for_updates(sentinels, change_notifier, timeout=None):
        if not isinstance(change_notifier, ChangeNotifier):
            return wait_for_updates(sentinels, change_notifier, timeout)
        try:
            change_notifier.get(timeout=timeout)
        except queue.Empty:
            return
        while not change_notifier.empty():
            change_notifier.get()

    pool.Pool._wait_for_updates = staticmethod(_wait_for_updates)
    pool._ThreadPoolContext.SimpleQueue = lambda self: ChangeNotifier()


def patch_pwd(pwd, home):
    """The one user there is: the sandbox's, its home the workspace (so ~ and Path.home() lead there)."""

    def entry():
        return pwd.struct_passwd((USER, "x", os.getuid(), os.getgid(), USER, home, "/bin/sh"))

    def getpwuid(uid):
        if not isinstance(uid, int):
            raise TypeError(f"'{type(uid).__name__}' object cannot be interpreted as an integer")
        if uid != os.getuid():
            raise KeyError(f"getpwuid(): uid not found: {uid}")
        return entry()

    def getpwnam(name):
        if not isinstance(name, str):
            raise TypeError(f"getpwnam() argument must be str, not {type(name).__name__}")
        if name != USER:
            raise KeyError(f"getpwnam(): name not found: {name!r}")
        return entry()

    def getpwall():
        return [entry()]

    pwd.getpwuid, pwd.getpwnam, pwd.getpwall = getpwuid, getpwnam, getpwall


def patch_tempfile(tempfile):
    """GraalPy's O_TMPFILE made a named file that outlived its close: TemporaryFile takes CPython's other way, a file
    unlinked as soon as it is made."""
    tempfile._O_TMPFILE_WORKS = False


# The locales a minimal Linux image has (Debian's, python:3.12-slim's), as glibc names them back when set.
_C_LOCALES = {"C": "C", "POSIX": "C", "C.UTF-8": "C.UTF-8", "C.utf8": "C.utf8"}
# glibc's categories in the order of its composite names; the first six are Python's LC_* constants.
_GLIBC_CATEGORIES = ("LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY", "LC_MESSAGES", "LC_PAPER",
                     "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT", "LC_IDENTIFICATION")
_C_CONVENTIONS = (("int_curr_symbol", ""), ("currency_symbol", ""), ("mon_decimal_point", ""),
                  ("mon_thousands_sep", ""), ("mon_grouping", []), ("positive_sign", ""), ("negative_sign", ""),
                  ("int_frac_digits", 127), ("frac_digits", 127), ("p_cs_precedes", 127), ("p_sep_by_space", 127),
                  ("n_cs_precedes", 127), ("n_sep_by_space", 127), ("p_sign_posn", 127), ("n_sign_posn", 127),
                  ("decimal_point", "."), ("thousands_sep", ""), ("grouping", []))


def patch_locale(locale):
    """The C locales only, as CPython has them on a minimal Linux image. GraalPy's _locale is Java's: it started in
    en_US (numbers grouped with commas), took any name (`de_DE` made locale.atof("3.5") 35.0, `no_SUCH` was taken),
    and a locale set by one run stayed for the tenant's later runs in the warm interpreter. Here a program starts,
    as CPython does, with LC_CTYPE from LANG and the rest C; other names raise locale.Error; comparisons are by code
    point. GraalPy's _locale.getencoding was missing too (locale's stand-in parsed the environment's names at every
    open() in text mode, 100-250 us): the encoding is the one the program started in."""
    encoding = ENVIRONMENT["LANG"].partition(".")[2]
    locale.getencoding = stand_in(lambda: encoding, locale.getencoding)

    class Error(Exception):
        pass

    Error.__module__ = "locale"
    categories = {getattr(locale, name): name for name in _GLIBC_CATEGORIES[:6]}
    started = {name: "C" for name in _GLIBC_CATEGORIES}
    started["LC_CTYPE"] = _C_LOCALES.get(ENVIRONMENT["LANG"], "C")
    current = dict(started)

    def composite():
        names = list(current.values())
        if all(name == names[0] for name in names):
            return names[0]
        return ";".join(f"{category}={name}" for category, name in current.items())

    def from_environment(category):
        for variable in ("LC_ALL", category, "LANG"):
            if os.environ.get(variable):
                return os.environ[variable]
        return "C"

    def resolved(category, name):
        name = from_environment(category) if name == "" else name
        if name not in _C_LOCALES:
            raise Error("unsupported locale setting")
        return _C_LOCALES[name]

    def setlocale(category, name=None):
        if not isinstance(category, int):
            raise TypeError(f"'{type(category).__name__}' object cannot be interpreted as an integer")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"setlocale() argument 2 must be str or None, not {type(name).__name__}")
        if category != locale.LC_ALL and category not in categories:
            raise Error("unsupported locale setting" if name is not None else "locale query failed")
        if category != locale.LC_ALL:
            if name is not None:
                current[categories[category]] = resolved(categories[category], name)
            return current[categories[category]]
        if name is None:
            return composite()
        if "=" in name:
            # A composite name given back, as `old = setlocale(LC_ALL); ...; setlocale(LC_ALL, old)` does.
            pairs = dict(part.partition("=")[::2] for part in name.split(";"))
            if set(pairs) != set(current):
                raise Error("unsupported locale setting")
            chosen = {category: resolved(category, value) for category, value in pairs.items()}
        else:
            chosen = {category: resolved(category, name) for category in current}
        current.update(chosen)
        return composite()

    def localeconv():
        return {key: list(value) if isinstance(value, list) else value for key, value in _C_CONVENTIONS}

    def strcoll(a, b):
        if not isinstance(a, str) or not isinstance(b, str):
            raise TypeError("strcoll() argument must be str")
        return (a > b) - (a < b)

    def strxfrm(text):
        if not isinstance(text, str):
            raise TypeError(f"strxfrm() argument must be str, not {type(text).__name__}")
        return text

    # A run's locale is not the next run's: the warm interpreter's state puts it back (_codeexec_state).
    setlocale.restart = lambda: current.update(started)
    locale.Error = Error
    locale._setlocale = stand_in(setlocale, locale._setlocale)
    locale._localeconv = stand_in(localeconv, locale._localeconv)
    locale.strcoll = stand_in(strcoll, locale.strcoll)
    locale.strxfrm = stand_in(strxfrm, locale.strxfrm)


def set_environment(home):
    """The environment a program started from a login shell finds, its home the workspace."""
    for name in _GRAALPY_VARIABLES:
        os.environ.pop(name, None)
    os.environ.update(ENVIRONMENT, HOME=home, PWD=home)


def install(patches, home, threads_per_run):
    """Patches os now and adds the patches of modules imported later to `patches` (name -> patch)."""
    patch_os(os)
    # GraalPy's did nothing: a Timer meant to interrupt the main thread at a time limit never did.
    import _thread
    _thread.interrupt_main = _refusing(_thread.interrupt_main, SIGNAL_REFUSAL)
    patch_executor, patch_thread_pool = thread_pool_defaults(threads_per_run)

    def patch_pools(pool):
        patch_pool(pool)
        patch_thread_pool(pool)

    patches.update({"subprocess": patch_subprocess, "multiprocessing.process": patch_multiprocessing_process,
                    "multiprocessing.synchronize": patch_multiprocessing_synchronize,
                    "concurrent.futures.process": patch_process_pool, "concurrent.futures.thread": patch_executor,
                    "multiprocessing.pool": patch_pools, "signal": patch_signal,
                    "pwd": lambda module: patch_pwd(module, home), "tempfile": patch_tempfile,
                    "locale": patch_locale})
