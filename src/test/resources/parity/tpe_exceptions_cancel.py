import concurrent.futures as cf, threading
gate, started = threading.Event(), threading.Event()
def blocker():
    started.set(); gate.wait(10); return "blocker done"
def fail(x):
    raise ValueError(f"bad {x}")
ex = cf.ThreadPoolExecutor(max_workers=1)
f1 = ex.submit(blocker)
started.wait(10)
queued = [ex.submit(pow, 2, i) for i in range(3)]
print("cancel queued:", [q.cancel() for q in queued], [q.cancelled() for q in queued])
print("cancel running:", f1.cancel(), f1.running())
done_cb = []
queued[0].add_done_callback(lambda f: done_cb.append(("cb", f.cancelled())))
print(done_cb)
try:
    queued[1].result()
except cf.CancelledError as e:
    print("CancelledError", repr(e))
gate.set()
print(f1.result(timeout=10))
ff = ex.submit(fail, 1)
print(type(ff.exception()).__name__, ff.exception())
try:
    ff.result()
except ValueError as e:
    print("raised:", e)
it = ex.map(lambda x: 10 // x, [5, 2, 0, 1])
out = []
try:
    for v in it:
        out.append(v)
except ZeroDivisionError as e:
    print("map stopped after", out, type(e).__name__)
ex.shutdown(wait=True)
try:
    ex.submit(print, "x")
except RuntimeError as e:
    print("RuntimeError:", e)
hold = threading.Event()
with cf.ThreadPoolExecutor(max_workers=2) as ex1:
    held = ex1.submit(hold.wait, 10)
    failing = ex1.submit(fail, 2)
    done, not_done = cf.wait([held, failing], return_when=cf.FIRST_EXCEPTION)
    print("wait:", done == {failing}, not_done == {held})
    hold.set()
gate2, started2 = threading.Event(), threading.Event()
ex2 = cf.ThreadPoolExecutor(max_workers=1)
a = ex2.submit(lambda: (started2.set(), gate2.wait(10))[1])
started2.wait(10)
rest = [ex2.submit(pow, 3, i) for i in range(4)]
gate2.set()
ex2.shutdown(wait=True, cancel_futures=True)
print("after cancel_futures:", a.result(), all(f.done() for f in rest))
with cf.ThreadPoolExecutor(2, thread_name_prefix="worker") as ex3:
    names = set(ex3.map(lambda _: threading.current_thread().name.rsplit("_", 1)[0], range(4)))
print(names)
try:
    cf.ThreadPoolExecutor(max_workers=0)
except ValueError as e:
    print("ValueError:", e)
f = cf.Future(); print(f.done(), f.running()); f.set_result(5); print(f.result(), f.done())
try:
    f.set_result(6)
except cf.InvalidStateError as e:
    print("InvalidStateError:", str(e).split(":")[0])
