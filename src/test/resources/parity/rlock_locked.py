import concurrent.futures as cf
import threading

r = threading.RLock()
print(hasattr(r, "locked"), isinstance(r, type(threading.RLock())))
try:
    r.locked()
except AttributeError as e:
    print("AttributeError:", e)


def probe():
    # A worker that asks a lock what CPython 3.12 does not have: its future holds the error, nothing hangs.
    return threading.RLock().locked()


with cf.ThreadPoolExecutor(2) as pool:
    futures = [pool.submit(probe) for _ in range(3)]
    print([type(f.exception()).__name__ for f in futures])

with r:
    with r:
        print("reentrant", r._is_owned())
print("released", r._is_owned(), r.acquire(blocking=False))
r.release()
c = threading.Condition()
with c:
    c.notify_all()
print("condition", type(c._lock).__name__)
