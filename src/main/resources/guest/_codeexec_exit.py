"""atexit's handlers kept here, for the driver to run as CPython 3.12 does at a process's exit: at the end of each run
outside a session, last registered first, a handler's exception printed as "Exception ignored in atexit callback"
and passed over. GraalPy's own _run_exitfuncs prints them as Python 2 did and then raises the last one out of the
interpreter, which the host took for an internal failure."""

import sys

from _codeexec_patches import stand_in


class ExitHandlers:
    def __init__(self, print_exception, foreign_exception):
        self._handlers = []
        self._print_exception = print_exception
        self._foreign_exception = foreign_exception

    def install(self, atexit):
        handlers = self._handlers

        def register(func, /, *args, **kwargs):
            if not callable(func):
                raise TypeError("the first argument must be callable")
            handlers.append((func, args, kwargs))
            return func

        def unregister(func, /):
            handlers[:] = [handler for handler in handlers if handler[0] != func]

        atexit._clear()  # what the interpreter's start registered is no run's to run
        atexit.register = stand_in(register, atexit.register)
        atexit.unregister = stand_in(unregister, atexit.unregister)
        atexit._clear, atexit._ncallbacks, atexit._run_exitfuncs = handlers.clear, handlers.__len__, self.run

    def __bool__(self):
        return bool(self._handlers)

    def clear(self):
        self._handlers.clear()

    def run(self):
        handlers = self._handlers
        while handlers:
            func, args, kwargs = handlers.pop()
            try:
                func(*args, **kwargs)
            except BaseException as e:
                if isinstance(e, self._foreign_exception):
                    raise  # the host's own: a cancel or os._exit ends the run here
                try:
                    sys.stderr.write(f"Exception ignored in atexit callback: {func!r}\n")
                except Exception:  # a repr that fails: CPython then names only the callback
                    sys.stderr.write("Exception ignored in atexit callback\n")
                self._print_exception(e, e.__traceback__.tb_next)
