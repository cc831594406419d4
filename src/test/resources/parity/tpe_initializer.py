import concurrent.futures as cf, threading, contextlib, io
local = threading.local()
def init(tag):
    local.tag = tag
def get(_):
    return local.tag
with cf.ThreadPoolExecutor(max_workers=2, initializer=init, initargs=("T",)) as ex:
    print(sorted(set(ex.map(get, range(5)))))
def bad_init():
    raise RuntimeError("init failed")
logged = io.StringIO()
ex = cf.ThreadPoolExecutor(max_workers=1, initializer=bad_init)
with contextlib.redirect_stderr(logged):
    f = ex.submit(pow, 2, 2)
    try:
        f.result(timeout=10)
    except cf.thread.BrokenThreadPool as e:
        print("BrokenThreadPool:", e)
print(logged.getvalue().splitlines()[:1], logged.getvalue().splitlines()[-1:])
try:
    ex.submit(pow, 2, 3)
except cf.thread.BrokenThreadPool as e:
    print("BrokenThreadPool again:", e)
ex.shutdown()
with cf.ThreadPoolExecutor(3) as ex:
    fs = {ex.submit(lambda n=n: n * n): n for n in range(6)}
    print(sorted((fs[f], f.result()) for f in cf.as_completed(fs)))
    stuck = threading.Event()  # set once the timeout is seen: the pool's exit waits for the task, not 5 s
    try:
        list(cf.as_completed([ex.submit(stuck.wait, 5)], timeout=0.05))
    except TimeoutError as e:
        print("TimeoutError:", e, cf.TimeoutError is TimeoutError)
    stuck.set()
