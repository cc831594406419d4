import logging, sys
logging.basicConfig(stream=sys.stdout, format="%(levelname)s:%(name)s:%(funcName)s:%(message)s", level=logging.INFO)
log = logging.getLogger("svc")
def load():
    try:
        {}["cfg"]
    except KeyError as e:
        raise RuntimeError("config missing") from e
try:
    load()
except RuntimeError:
    log.exception("load failed")
try:
    int("x")
except ValueError as e:
    log.error("bad value: %s", e, exc_info=True)
    log.warning("no traceback", exc_info=False)
    log.info("with stack", stack_info=False)
def work():
    log.info("in work")
work()
logging.basicConfig(stream=sys.stdout, format="IGNORED %(message)s")
log.info("basicConfig again is ignored")
logging.basicConfig(stream=sys.stdout, format="FORCED %(levelname)s %(message)s", force=True)
log.info("forced")
logging.info("root %s", "call")
logging.warning("%s%%", 50)
