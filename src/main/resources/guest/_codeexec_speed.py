"""Stand-ins for GraalPy functions that are correct but far slower than CPython's, for the sandbox's worker only:
each keeps CPython's answers and takes the slow function's name, docstring and module. Installed by
_codeexec_patches.install."""


def install(os_module, posix_module):
    getpid = _cached_getpid(posix_module.getpid)
    os_module.getpid = posix_module.getpid = getpid


def _cached_getpid(native):
    """GraalPy's os.getpid asks the JVM for its process on every call: 17-19 us here against CPython's 0.15. Every
    logging record calls it (LogRecord.process), and so does tempfile for each name it draws. A worker's process does
    not change while it serves (the sandbox has no fork), so the first answer is kept."""
    pid = None

    def getpid():
        nonlocal pid
        if pid is None:
            pid = native()
        return pid

    getpid.__name__ = getpid.__qualname__ = native.__name__
    getpid.__doc__, getpid.__module__ = native.__doc__, getattr(native, "__module__", None) or "posix"
    return getpid
