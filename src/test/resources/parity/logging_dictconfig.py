import logging, logging.config, sys
logging.config.dictConfig({
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "brief": {"format": "%(levelname)s|%(name)s|%(message)s"},
        "brace": {"format": "[{levelname:<7}] {name}: {message}", "style": "{"},
    },
    "filters": {"nodebug": {"()": lambda: (lambda record: record.levelno > logging.DEBUG)}},
    "handlers": {
        "out": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "brief", "level": "DEBUG"},
        "brace": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "brace", "filters": ["nodebug"]},
    },
    "loggers": {
        "app": {"handlers": ["out"], "level": "DEBUG", "propagate": False},
        "app.db": {"handlers": ["brace"], "level": "INFO"},
    },
    "root": {"level": "WARNING", "handlers": ["brace"]},
})
app = logging.getLogger("app"); db = logging.getLogger("app.db")
app.debug("debug %s", 1); app.info("info"); db.debug("hidden"); db.info("db info"); db.warning("db warn")
logging.getLogger("other").info("hidden"); logging.getLogger("other").error("root handles %d", 5)
adapter = logging.LoggerAdapter(app, {"user": "u1"})
class UserAdapter(logging.LoggerAdapter):
    def process(self, msg, kwargs): return f"[{self.extra['user']}] {msg}", kwargs
UserAdapter(app, {"user": "bob"}).warning("adapted")
class OnlyOdd(logging.Filter):
    def filter(self, record): return record.args and record.args[0] % 2
app.addFilter(OnlyOdd()); [app.info("n=%d", n) for n in range(4)]; app.filters.clear()
app.info("extra field", extra={"user": "x"})
try:
    app.info("clash", extra={"message": "no"})
except KeyError as e:
    print("KeyError:", e)
print(app.level, db.getEffectiveLevel(), logging.getLevelName(app.getEffectiveLevel()), app.hasHandlers(), [type(h).__name__ for h in app.handlers])
logging.config.dictConfig({"version": 1, "incremental": True, "loggers": {"app": {"level": "ERROR"}}})
app.warning("now hidden"); app.error("still shown")
logging.addLevelName(25, "NOTICE"); app.setLevel(20); app.log(25, "custom level")
print(logging.getLevelName("NOTICE"), logging.getLevelNamesMapping()["NOTICE"])
rec = logging.LogRecord("n", logging.INFO, "path/file.py", 7, "msg %s", ("arg",), None)
print(rec.getMessage(), rec.module, rec.filename, rec.levelname, rec.lineno)
f = logging.Formatter("%(asctime)s %(message)s", datefmt="%Y"); rec.created = 0; print(f.format(rec), f.formatTime(rec, "%Y-%m-%d"))
try:
    logging.config.dictConfig({"version": 2})
except ValueError as e:
    print("ValueError:", e)
