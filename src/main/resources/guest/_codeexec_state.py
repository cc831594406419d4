"""The settings a run leaves in standard-library modules that stay imported in a warm interpreter, put back as a new
CPython process would have them before the caller's next run: logging's handlers and levels (logging.basicConfig
did nothing in a later run, and its output went where an earlier run had sent it), decimal's context, random's
seed, the environment (and with TZ the time zone), csv's dialects, ElementTree's namespace prefixes, asyncio's
event loop policy and task names, threading's excepthook and the numbers in thread names, the locale, logging's level
names and settings, the attributes of the few classes programs patch to change how the library behaves (json's
encoder's default, logging's Formatter), tempfile's directory, and unittest.mock's patches left started. Modules a
run never imported cost nothing here."""

import itertools
import os
from operator import is_ as _is
import sys

from _codeexec_patches import stand_in
from _codeexec_settings import InterpreterSettings

_CSV_DIALECTS = ("excel", "excel-tab", "unix")
_CSV_FIELD_SIZE_LIMIT = 128 * 1024
# logging's module-level settings, which its setters (setLoggerClass, setLogRecordFactory, captureWarnings) assign.
_LOGGING_SETTINGS = ("_loggerClass", "_logRecordFactory", "_warnings_showwarning", "raiseExceptions", "lastResort",
                     "logThreads", "logProcesses", "logMultiprocessing", "logAsyncioTasks")
_DECIMAL_DEFAULTS = (28, "ROUND_HALF_EVEN", -999999, 999999, 1, 0)


class LibraryState:
    def __init__(self):
        self._environ = os.environ
        self._environment = dict(os.environ)
        self._raw_environment = dict(os.environ._data)  # compared as it is held: no decoding per run
        self._csv_dialects = None
        self._namespaces = None
        self._reseed = None
        self._random_seeded = False
        self._csv = None
        self._csv_reset = None
        self._csv_changed = False
        self._interpreter = InterpreterSettings()
        self._attributes = []  # (owner, names, values as imported, size if a class's whole dict): put back
        self._level_names = None
        self._tempfile = None
        self._home = os.getcwd()

    def tempfile_imported(self, module):
        """Its directory is found and kept on first use (the workspace here), so only another one is taken back."""
        self._tempfile = module

    def watch(self, owner, names=None):
        """What a run assigns to these attributes of a class (or adds to it), or to the names given of a module, stayed
        in every later run: `json.JSONEncoder.default = ...` made json.dumps of a datetime succeed in runs that never
        asked for it, logging.setLoggerClass and logging.captureWarnings(True) outlived their run (and a later
        captureWarnings(True) then did nothing). Compared by identity, through builtins: 40 us a run for logging's
        and json's, where a generator over them took four times that."""
        attributes = vars(owner)
        whole = len(attributes) if names is None else None  # a class: what a run adds goes too
        names = tuple(attributes if names is None else names)
        self._attributes.append((owner, names, [attributes.get(name) for name in names], whole))

    def logging_imported(self, module):
        self._level_names = (module, dict(module._levelToName), dict(module._nameToLevel))
        self.watch(module, _LOGGING_SETTINGS)
        for cls in (module.Formatter, module.LogRecord, module.Logger, module.Handler):
            self.watch(cls)

    def element_tree_imported(self, module):
        """ElementTree's prefixes as it registers them itself, before the caller's code can add any."""
        self._namespaces = dict(module._namespace_map)

    def csv_imported(self, module):
        """What changes csv's registry goes through these three: a run that called none changed nothing."""
        self._csv_dialects = {name: module.get_dialect(name) for name in _CSV_DIALECTS}
        self._csv = module
        register, unregister, limit = module.register_dialect, module.unregister_dialect, module.field_size_limit
        self._csv_reset = register, unregister, limit

        def register_dialect(*args, **kwargs):
            self._csv_changed = True
            return register(*args, **kwargs)

        def unregister_dialect(name):
            self._csv_changed = True
            return unregister(name)

        def field_size_limit(*args, **kwargs):
            if args or kwargs:
                self._csv_changed = True
            return limit(*args, **kwargs)

        module.register_dialect = stand_in(register_dialect, register)
        module.unregister_dialect = stand_in(unregister_dialect, unregister)
        module.field_size_limit = stand_in(field_size_limit, limit)

    def random_imported(self, module):
        """Seeding costs 1.6 ms here, a trivial run's time: only after a run that seeded or set the state."""
        seed, setstate = module.seed, module.setstate
        self._reseed = seed

        def seeded(*args, **kwargs):
            self._random_seeded = True
            return seed(*args, **kwargs)

        def state_set(state):
            self._random_seeded = True
            return setstate(state)

        module.seed, module.setstate = stand_in(seeded, seed), stand_in(state_set, setstate)

    def reset(self):
        modules = sys.modules
        self._interpreter.reset(modules)
        mock = modules.get("unittest.mock")
        if mock is not None and mock._patch._active_patches:
            _stop_patches(mock)
        self._reset_environment()
        for owner, names, values, whole in self._attributes:
            current = vars(owner)
            if (whole is None or len(current) == whole) and all(map(_is, map(current.get, names), values)):
                continue
            _restore_attributes(owner, names, values, whole is not None)
        tempfile = self._tempfile
        if tempfile is not None and tempfile.tempdir not in (None, self._home):
            tempfile.tempdir = None
        if self._level_names is not None:
            _restore_level_names(*self._level_names)
        logging = modules.get("logging")
        if logging is not None:
            _reset_logging(logging)
        decimal = modules.get("decimal")
        if decimal is not None:
            _reset_decimal(decimal)
        if self._random_seeded:
            self._random_seeded = False
            self._reseed()
        if self._csv_changed:
            self._csv_changed = False
            self._reset_csv()
        weakref = modules.get("weakref")
        if weakref is not None:  # the run's atexit handlers ran (finalize's among them) and were dropped
            weakref.finalize._registered_with_atexit = weakref.finalize._shutdown = False
        tasks = modules.get("asyncio.tasks")
        if tasks is not None:  # a new process's first task is Task-1
            tasks._task_name_counter = itertools.count(1).__next__
        events = modules.get("asyncio.events")
        if events is not None:
            # asyncio.run() marks the policy's loop as set (to none): get_event_loop() in a later run raised "There
            # is no current event loop" where a new process makes one. A new process has no policy yet.
            events._event_loop_policy = None
        threading = modules.get("threading")
        if threading is not None:  # a new process's first thread is Thread-1, its first pool's ThreadPoolExecutor-0
            threading.excepthook = threading.__excepthook__
            threading._counter = itertools.count(1).__next__
        executors = modules.get("concurrent.futures.thread")
        if executors is not None:
            executors.ThreadPoolExecutor._counter = itertools.count().__next__
        locale = modules.get("locale")
        if locale is not None:
            locale._setlocale.restart()
        tree = modules.get("xml.etree.ElementTree")
        if tree is not None and self._namespaces is not None and tree._namespace_map != self._namespaces:
            tree._namespace_map.clear()
            tree._namespace_map.update(self._namespaces)

    def _reset_environment(self):
        os.environ = environ = self._environ
        if environ._data == self._raw_environment:
            return
        zone = environ.get("TZ")
        for name in [name for name in environ if name not in self._environment]:
            del environ[name]
        for name, value in self._environment.items():
            if environ.get(name) != value:
                environ[name] = value
        time = sys.modules.get("time")
        if zone != environ.get("TZ") and hasattr(time, "tzset"):
            time.tzset()

    def _reset_csv(self):
        register, unregister, limit = self._csv_reset
        for name in set(self._csv.list_dialects()) - set(_CSV_DIALECTS):
            unregister(name)
        for name, dialect in self._csv_dialects.items():
            register(name, dialect)
        limit(_CSV_FIELD_SIZE_LIMIT)


def _stop_patches(mock):
    """A patch started with start() and never stopped (a test's setUp without its cleanup, a run that failed before
    stop()) stayed in every later run: time.time() answered a mock's 0 until the interpreter was recycled. Stopped as
    the process's end would have dropped it; before the environment, which a patch.dict of os.environ restores."""
    active = mock._patch._active_patches
    for patch in reversed(list(active)):  # last started first, as stopall() does
        try:
            patch.stop()
        except Exception:  # a patch the caller broke; never BaseException: that would swallow the host's cancel
            pass
    active.clear()


def _restore_attributes(owner, names, values, whole):
    current = vars(owner)
    if whole:
        module_type = type(sys)
        for name in [name for name in current if name not in names]:
            # A class's own dunders (a cache Python keeps there) stay.
            if not name.startswith("__") and type(current[name]) is not module_type:
                delattr(owner, name)
    for name, value in zip(names, values):
        if current.get(name) is not value:
            setattr(owner, name, value)


def _restore_level_names(logging, to_name, to_level):
    if logging._levelToName != to_name or logging._nameToLevel != to_level:
        logging._levelToName.clear()
        logging._levelToName.update(to_name)
        logging._nameToLevel.clear()
        logging._nameToLevel.update(to_level)


def _reset_logging(logging):
    manager = logging.Logger.manager
    changed = False
    for logger in [logging.root] + [logger for logger in list(manager.loggerDict.values())
                                    if isinstance(logger, logging.Logger)]:
        level = logging.WARNING if logger is logging.root else logging.NOTSET
        if not (logger.handlers or logger.filters or logger.level != level or not logger.propagate
                or logger.disabled):
            continue
        changed = True
        for handler in list(logger.handlers):
            logger.removeHandler(handler)
            try:
                handler.close()
            except Exception:  # never BaseException: that would swallow the host's cancel
                pass
        logger.filters = []
        logger.level, logger.propagate, logger.disabled = level, True, False
    if manager.disable:
        logging.disable(logging.NOTSET)
    elif changed:
        manager._clear_cache()


def _reset_decimal(decimal):
    """Their flags aside (ordinary arithmetic sets them; the context is replaced anyway once anything else changed)."""
    default, context = decimal.DefaultContext, decimal.getcontext()
    if not (_decimal_changed(decimal, default) or _decimal_changed(decimal, context)):
        # A new process's context has raised nothing: an earlier run's inexact division showed in a later run's
        # `print(getcontext())` and in the flags of every localcontext() it made.
        context.clear_flags()
        return
    default.prec, default.rounding, default.Emin, default.Emax, default.capitals, default.clamp = _DECIMAL_DEFAULTS
    default.clear_flags()
    default.clear_traps()
    for signal in (decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow):
        default.traps[signal] = True
    decimal.setcontext(decimal.Context())


def _decimal_changed(decimal, settings):
    if (settings.prec, settings.rounding, settings.Emin, settings.Emax, settings.capitals, settings.clamp) \
            != _DECIMAL_DEFAULTS:
        return True
    traps = settings.traps
    return sum(traps.values()) != 3 or not (traps[decimal.InvalidOperation] and traps[decimal.DivisionByZero]
                                            and traps[decimal.Overflow])
