import threading, concurrent.futures as cf
log = []; lock = threading.Lock()
b = threading.Barrier(3, action=lambda: log.append("barrier action"))
def party(i):
    idx = b.wait()
    with lock: log.append(("passed", idx >= 0))
ts = [threading.Thread(target=party, args=(i,)) for i in range(3)]
[t.start() for t in ts]; [t.join() for t in ts]
print(log[0], sorted(map(str, log[1:])), b.broken, b.parties, b.n_waiting)
fired = threading.Event()
t = threading.Timer(0.01, fired.set); t.start(); print(fired.wait(10), t.is_alive() in (True, False))
t2 = threading.Timer(100, fired.set); t2.start(); t2.cancel(); t2.join(); print("cancelled timer joined", t2.finished.is_set())
loc = threading.local(); loc.v = "main"; seen = []
def uses_local(n):
    loc.v = n; seen.append((n, loc.v))
ws = [threading.Thread(target=uses_local, args=(n,)) for n in "ab"]; [w.start() for w in ws]; [w.join() for w in ws]
print(loc.v, sorted(seen))
cond = threading.Condition(); items = []
def consumer(out):
    with cond:
        cond.wait_for(lambda: len(items) >= 3); out.append(list(items))
out = []; c = threading.Thread(target=consumer, args=(out,)); c.start()
for i in range(3):
    with cond: items.append(i); cond.notify()
c.join(); print(out)
sem = threading.BoundedSemaphore(2); sem.acquire(); sem.release()
try:
    sem.release()
except ValueError as e:
    print("ValueError:", e)
rl = threading.RLock()
with rl:
    with rl: print("reentrant ok")
gates = [threading.Event() for _ in range(4)]
def job(i):
    gates[i].wait(); 
    if i + 1 < len(gates): gates[i + 1].set() if False else None
    return i * 10
with cf.ThreadPoolExecutor(max_workers=4) as ex:
    futs = {ex.submit(job, i): i for i in range(4)}
    order = []
    for i in [2, 0, 3, 1]:
        gates[i].set()
        done = next(f for f in cf.as_completed([f for f in futs if futs[f] == i]))
        order.append(done.result())
    print(order, sorted(f.result() for f in cf.as_completed(futs)))
    print(list(ex.map(lambda x: x * x, range(5))), ex.submit(pow, 2, 10).result())
    f = ex.submit(lambda: 1 / 0)
    print(type(f.exception()).__name__, f.done())
    try:
        f.result()
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    done, not_done = cf.wait([ex.submit(lambda: "x")], return_when=cf.ALL_COMPLETED); print(len(done), len(not_done))
print(threading.current_thread().name, threading.main_thread() is threading.current_thread(), threading.active_count() >= 1)
th = threading.Thread(target=lambda: None, name="worker-x", daemon=True); print(th.name, th.daemon, th.is_alive(), th.ident)
th.start(); th.join(); print(th.is_alive())
try:
    th.start()
except RuntimeError as e:
    print("RuntimeError:", e)
def raiser(): raise ValueError("in thread")
caught = []
threading.excepthook = lambda args: caught.append((args.exc_type.__name__, str(args.exc_value), args.thread.name))
tr = threading.Thread(target=raiser, name="bad"); tr.start(); tr.join(); print(caught)
