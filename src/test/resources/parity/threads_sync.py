import threading, queue
q = queue.Queue()
results = []
def worker():
    while True:
        item = q.get()
        if item is None:
            break
        results.append(item * 2)
        q.task_done()
t = threading.Thread(target=worker, name="w1", daemon=True)
t.start()
for i in range(5):
    q.put(i)
q.join()
q.put(None)
t.join(timeout=5)
print(sorted(results), t.is_alive(), t.name)
ev = threading.Event()
local = threading.local()
seen = []
def setter():
    local.v = "thread"
    seen.append(local.v)
    ev.set()
threading.Thread(target=setter).start()
ev.wait(5)
local.v = "main"
print(seen, local.v, ev.is_set())
b = threading.Barrier(3)
out = []
def at_barrier(i):
    b.wait()
    out.append(i)
ts = [threading.Thread(target=at_barrier, args=(i,)) for i in range(3)]
[t.start() for t in ts]
[t.join() for t in ts]
print(sorted(out), threading.current_thread().name)
