"""Interpreter-wide settings a run can change with one call, put back before the caller's next run as a new CPython
process has them: sys's integer-digits limit, switch interval, trace and profile functions, unraisablehook and
breakpointhook, and what a run added to sys (tracebacklimit, a prompt); gc's switch and thresholds; warnings' default
action and "once" registry; threading's trace and profile hooks; faulthandler; the socket timeout. Each stayed in the
tenant's warm interpreter: sys.tracebacklimit = 0 cut every later run's tracebacks to their last line, gc.disable() or
sys.settrace outlived the run that meant them for itself, and a warning shown "once" was never shown again. Checked
before set: most runs change none of them."""

import sys


class InterpreterSettings:
    def __init__(self):
        # Taken before any caller's code runs. GraalPy sets sys.ps1 and sys.ps2 as its console would; `python -c`
        # has neither, and hasattr(sys, "ps1") is how programs (and libraries) tell an interactive session.
        _drop_prompts()
        if sys.getswitchinterval() < 1e-6:
            # GraalPy keeps its default, 0.005, in the microseconds setswitchinterval stores, and reads it back as
            # seconds: 5e-09. It never uses the value (its GIL is passed on every 50 ms), so CPython's 5 ms changes
            # nothing but what programs read, and a library that lowers "an interval above 5 ms" leaves it be.
            sys.setswitchinterval(0.005)
        self._max_str_digits = sys.get_int_max_str_digits()
        self._set_max_str_digits = sys.set_int_max_str_digits
        self._switch_interval = sys.getswitchinterval()
        self._dont_write_bytecode = sys.dont_write_bytecode
        self._hooks = (sys.unraisablehook, sys.breakpointhook)
        self._sys_names = frozenset(sys.__dict__)

    def reset(self, modules):
        if sys.get_int_max_str_digits() != self._max_str_digits:
            self._set_max_str_digits(self._max_str_digits)
        if sys.getswitchinterval() != self._switch_interval:
            sys.setswitchinterval(self._switch_interval)
        sys.dont_write_bytecode = self._dont_write_bytecode
        sys.unraisablehook, sys.breakpointhook = self._hooks
        if sys.gettrace() is not None:
            sys.settrace(None)
        if sys.getprofile() is not None:
            sys.setprofile(None)
        if len(sys.__dict__) != len(self._sys_names):
            # What a run added: tracebacklimit, a prompt, the last_* of code's or pdb's tracebacks, a flag of its own.
            for name in [name for name in sys.__dict__ if name not in self._sys_names]:
                delattr(sys, name)
        _reset_warnings(modules["warnings"])
        threading = modules.get("threading")
        if threading is not None:
            threading._trace_hook = threading._profile_hook = None
        gc = modules.get("gc")
        if gc is not None:
            if not gc.isenabled():
                gc.enable()
            if gc.get_threshold() != (700, 10, 10):
                gc.set_threshold(700, 10, 10)
        faulthandler = modules.get("faulthandler")
        if faulthandler is not None and faulthandler.is_enabled():
            faulthandler.disable()
        socket = modules.get("_socket")
        if socket is not None and socket.getdefaulttimeout() is not None:
            socket.setdefaulttimeout(None)


def _drop_prompts():
    for name in ("ps1", "ps2"):
        if name in sys.__dict__:
            delattr(sys, name)


def _reset_warnings(warnings):
    """The driver puts the filters back; what a warning's "default" or "once" showing recorded goes with them, as
    registries are dropped when the filters change."""
    warnings.defaultaction = "default"
    if warnings.onceregistry:
        warnings.onceregistry.clear()
    warnings._filters_mutated()
