"""What the sandbox answers where CPython would start a process or ask the system for its user, as catchable Python
exceptions and values. Under GraalPy the host refused os.system and os.popen past every except clause, subprocess
said the program did not exist, and pwd failed internally (so did tarfile.add, getpass.getuser and ~ in paths)."""

import errno
import os

from _codeexec_patches import stand_in

REFUSAL = "creating processes is not allowed in the sandbox"
USER = "sandbox"

# os's ways to start a process (those GraalPy has): each raises the same PermissionError.
_OS_STARTS = ("system", "popen", "fork", "forkpty", "execv", "execve", "execl", "execle", "execlp", "execlpe",
              "execvp", "execvpe", "spawnv", "spawnve", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnvp",
              "spawnvpe", "posix_spawn", "posix_spawnp")


def refusal():
    return PermissionError(errno.EPERM, REFUSAL)


def _refusing(original):
    def refuse(*args, **kwargs):
        raise refusal()

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


def patch_subprocess(subprocess):
    """Popen starts its child through _fork_exec (posix_spawn is off): refused there, after Popen made its pipes,
    which it closes on the way out as for any failed start."""
    if subprocess._fork_exec is not None:
        subprocess._fork_exec = _refusing(subprocess._fork_exec)
    subprocess._USE_POSIX_SPAWN = False


def patch_multiprocessing_process(process):
    """multiprocessing.Process.start; multiprocessing.dummy's processes are threads and still start."""
    process.BaseProcess.start = _refusing(process.BaseProcess.start)


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


def install(patches, home):
    """Patches os now and adds the patches of modules imported later to `patches` (name -> patch)."""
    patch_os(os)
    patches.update({"subprocess": patch_subprocess, "multiprocessing.process": patch_multiprocessing_process,
                    "multiprocessing.pool": patch_pool, "pwd": lambda module: patch_pwd(module, home),
                    "tempfile": patch_tempfile})
