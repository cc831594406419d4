import threading
cond = threading.Condition()
with cond:
    print("wait timeout ->", cond.wait(timeout=0.01))
    print("wait_for timeout ->", cond.wait_for(lambda: False, timeout=0.01))
try:
    cond.notify()
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    cond.wait(0)
except RuntimeError as e:
    print("RuntimeError:", e)
ready = []; woken = []
all_waiting = threading.Barrier(4)
def waiter(i):
    with cond:
        ready.append(i)
        if len(ready) == 3:
            cond.notify_all()
        cond.wait_for(lambda: len(woken) >= 0 and flag[0])
        woken.append(i)
flag = [False]
ts = [threading.Thread(target=waiter, args=(i,)) for i in range(3)]
for t in ts: t.start()
with cond:
    cond.wait_for(lambda: len(ready) == 3)
    flag[0] = True
    cond.notify(1); cond.notify_all()
for t in ts: t.join()
print(sorted(woken))
buf = []; MAX = 2
c2 = threading.Condition(threading.Lock())
def producer():
    for i in range(6):
        with c2:
            c2.wait_for(lambda: len(buf) < MAX)
            buf.append(i); c2.notify_all()
    with c2:
        c2.wait_for(lambda: len(buf) < MAX); buf.append(None); c2.notify_all()
got = []
def consumer():
    while True:
        with c2:
            c2.wait_for(lambda: buf)
            v = buf.pop(0); c2.notify_all()
        if v is None: return
        got.append(v)
p = threading.Thread(target=producer); c = threading.Thread(target=consumer)
p.start(); c.start(); p.join(); c.join(); print(got)
