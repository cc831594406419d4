import threading, time
b = threading.Barrier(2, timeout=0.05)
try:
    b.wait()
except threading.BrokenBarrierError as e:
    print("broken", type(e).__name__, repr(e), b.broken)
b.reset(); print("after reset", b.broken, b.n_waiting)
b2 = threading.Barrier(3)
results = []
def w():
    try:
        b2.wait()
        results.append("passed")
    except threading.BrokenBarrierError:
        results.append("broken")
ts = [threading.Thread(target=w) for _ in range(2)]
for t in ts: t.start()
while b2.n_waiting < 2:
    time.sleep(0.001)
b2.abort()
for t in ts: t.join()
print(results, b2.broken)
print(issubclass(threading.BrokenBarrierError, RuntimeError))
e = threading.Event()
print(e.is_set(), e.wait(0.01), e.wait(timeout=0))
e.set(); print(e.wait(), e.is_set()); e.clear(); print(e.is_set())
t = threading.Timer(0.01, lambda *a, **k: results.append(("timer", a, k)), args=(1, 2), kwargs={"k": 3})
print(t.interval, t.daemon)
t.start(); t.join(); print(results[-1])
t2 = threading.Timer(50, print); t2.cancel(); t2.start(); t2.join(); print("cancelled before start ran", t2.finished.is_set())
