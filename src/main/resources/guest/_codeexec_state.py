"""The settings a run leaves in standard-library modules that stay imported in a warm interpreter, put back as a new
CPython process would have them before the caller's next run: logging's handlers and levels (logging.basicConfig
did nothing in a later run, and its output went where an earlier run had sent it), decimal's context, random's
seed, the environment (and with TZ the time zone), csv's dialects and ElementTree's namespace prefixes. Modules a
run never imported cost nothing here."""

import os
import sys

_CSV_DIALECTS = ("excel", "excel-tab", "unix")
_CSV_FIELD_SIZE_LIMIT = 128 * 1024


class LibraryState:
    def __init__(self):
        self._environ = os.environ
        self._environment = dict(os.environ)
        self._csv_dialects = None
        self._namespaces = None

    def element_tree_imported(self, module):
        """ElementTree's prefixes as it registers them itself, before the caller's code can add any."""
        self._namespaces = dict(module._namespace_map)

    def csv_imported(self, module):
        self._csv_dialects = {name: module.get_dialect(name) for name in _CSV_DIALECTS}

    def reset(self):
        modules = sys.modules
        self._reset_environment()
        logging = modules.get("logging")
        if logging is not None:
            _reset_logging(logging)
        decimal = modules.get("decimal")
        if decimal is not None:
            _reset_decimal(decimal)
        random = modules.get("random")
        if random is not None:
            random.seed()
        csv = modules.get("csv")
        if csv is not None and self._csv_dialects is not None:
            self._reset_csv(csv)
        tree = modules.get("xml.etree.ElementTree")
        if tree is not None and self._namespaces is not None and tree._namespace_map != self._namespaces:
            tree._namespace_map.clear()
            tree._namespace_map.update(self._namespaces)

    def _reset_environment(self):
        os.environ = environ = self._environ
        if dict(environ) == self._environment:
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

    def _reset_csv(self, csv):
        for name in set(csv.list_dialects()) - set(_CSV_DIALECTS):
            csv.unregister_dialect(name)
        for name, dialect in self._csv_dialects.items():
            csv.register_dialect(name, dialect)
        csv.field_size_limit(_CSV_FIELD_SIZE_LIMIT)


def _reset_logging(logging):
    loggers = [logging.root] + [logger for logger in list(logging.Logger.manager.loggerDict.values())
                                if isinstance(logger, logging.Logger)]
    for logger in loggers:
        for handler in list(logger.handlers):
            logger.removeHandler(handler)
            try:
                handler.close()
            except Exception:  # never BaseException: that would swallow the host's cancel
                pass
        logger.filters = []
        logger.setLevel(logging.NOTSET)
        logger.propagate = True
        logger.disabled = False
    logging.root.setLevel(logging.WARNING)
    logging.disable(logging.NOTSET)


def _reset_decimal(decimal):
    default = decimal.DefaultContext
    default.prec, default.rounding, default.Emin, default.Emax = 28, decimal.ROUND_HALF_EVEN, -999999, 999999
    default.capitals, default.clamp = 1, 0
    default.clear_flags()
    default.clear_traps()
    for signal in (decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow):
        default.traps[signal] = True
    decimal.setcontext(decimal.Context())
