import logging, sys
h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("%(filename)s|%(module)s|%(funcName)s|%(lineno)d|%(pathname)s|%(processName)s|%(threadName)s|%(name)s|%(levelno)s|%(message)s"))
log = logging.getLogger("fields"); log.addHandler(h); log.setLevel(logging.DEBUG); log.propagate = False
log.info("top")
def inner():
    log.warning("inner %s", "call")
inner()
class C:
    def m(self): log.error("method")
C().m()
import threading
t = threading.Thread(target=lambda: log.info("thread"), name="T1"); t.start(); t.join()
log.info("stacklevel", stacklevel=1)
def helper(): log.info("from helper", stacklevel=2)
def caller(): helper()
caller()
