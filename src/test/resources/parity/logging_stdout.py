import logging, sys, io
logging.basicConfig(stream=sys.stdout, level=logging.DEBUG, format="%(levelname)-8s %(name)s:%(funcName)s:%(message)s")
log = logging.getLogger("app")
def work(): log.debug("debugging %s", "x"); log.info("info %d", 3)
work()
log.warning("warn"); log.error("error"); log.critical("crit")
child = logging.getLogger("app.db"); child.setLevel(logging.WARNING)
child.info("hidden"); child.warning("db warn")
print(child.parent.name, child.getEffectiveLevel(), logging.getLevelName(25), logging.getLevelName("WARNING"), log.isEnabledFor(logging.DEBUG))
try:
    1 / 0
except ZeroDivisionError:
    log.exception("failed")
h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("{levelname}:{name}:{message}", style="{"))
other = logging.getLogger("other"); other.propagate = False; other.addHandler(h); other.setLevel(logging.INFO)
other.info("brace style"); other.debug("not shown")
h2 = logging.StreamHandler(sys.stdout); h2.setFormatter(logging.Formatter("$levelname $message", style="$"))
other.removeHandler(h); other.addHandler(h2); other.warning("dollar style")
class OnlyOdd(logging.Filter):
    def filter(self, record): return record.msg.endswith(("1", "3"))
other.addFilter(OnlyOdd())
for i in range(4): other.info(f"msg {i}")
logging.addLevelName(15, "VERBOSE"); log.log(15, "custom level")
adapter = logging.LoggerAdapter(log, {"user": "ann"})
adapter.info("adapted")
class Ctx(logging.LoggerAdapter):
    def process(self, msg, kwargs): return f"[{self.extra['user']}] {msg}", kwargs
Ctx(log, {"user": "bob"}).warning("processed")
stream = io.StringIO(); sh = logging.StreamHandler(stream)
sh.setFormatter(logging.Formatter("%(message)s|%(extra_field)s")); log.addHandler(sh)
log.info("with extra", extra={"extra_field": 42}); log.removeHandler(sh)
print(repr(stream.getvalue()))
print(logging.getLogger() is logging.root, logging.root.level, repr(log), logging.getLogger("app") is log)
logging.disable(logging.ERROR); log.error("disabled"); logging.disable(logging.NOTSET); log.error("enabled")
lr = logging.LogRecord("n", logging.INFO, "p.py", 3, "hello %s", ("w",), None); print(lr.getMessage(), lr.levelname, lr.lineno)
