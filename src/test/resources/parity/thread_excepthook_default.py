import threading, io, contextlib, sys
buf = io.StringIO()
def crash():
    raise ValueError("boom in thread")
def quits():
    sys.exit(3)
with contextlib.redirect_stderr(buf):
    t = threading.Thread(target=crash, name="worker-1"); t.start(); t.join()
    t2 = threading.Thread(target=quits); t2.start(); t2.join()
lines = buf.getvalue().splitlines()
print(lines[0], lines[-1], len([l for l in lines if l.startswith("Traceback")]))
print([l.strip() for l in lines if l.strip().startswith("raise") or l.strip().startswith("File")][-1:])
seen = []
old = threading.excepthook
threading.excepthook = lambda a: seen.append((a.exc_type.__name__, str(a.exc_value), a.thread.name if a.thread else None))
t = threading.Thread(target=crash, name="w2"); t.start(); t.join()
threading.excepthook = old
print(seen, threading.__excepthook__ is old)
