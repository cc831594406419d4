# os.getpid() is one number for the program's life, as logging's records and tempfile's names use it.
import io
import logging
import os
import posix
import tempfile

pid = os.getpid()
print(type(pid).__name__, pid > 0, os.getpid() == pid, posix.getpid() == pid)
print(os.getpid.__name__, posix.getpid.__name__)
stream = io.StringIO()
handler = logging.StreamHandler(stream)
handler.setFormatter(logging.Formatter("%(process)d %(levelname)s %(message)s"))
log = logging.getLogger("pid")
log.addHandler(handler)
log.propagate = False
log.warning("one")
print(stream.getvalue() == f"{pid} WARNING one\n")
names = {os.path.basename(tempfile.mktemp(dir=".")) for _ in range(20)}
print(len(names), all(name.startswith("tmp") for name in names))
