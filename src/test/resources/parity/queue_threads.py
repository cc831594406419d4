import queue, threading
q = queue.Queue()
results = []
def worker():
    while True:
        item = q.get()
        if item is None:
            q.task_done(); break
        results.append(item * 2); q.task_done()
ts = [threading.Thread(target=worker) for _ in range(3)]
for t in ts: t.start()
for i in range(10): q.put(i)
q.join()
for _ in ts: q.put(None)
for t in ts: t.join()
print(sorted(results), q.empty(), q.qsize())
pq = queue.PriorityQueue()
for p, v in [(3, "c"), (1, "a"), (2, "b"), (1, "a2")]: pq.put((p, v))
print([pq.get() for _ in range(4)])
lq = queue.LifoQueue(); [lq.put(i) for i in range(3)]; print([lq.get() for _ in range(3)])
small = queue.Queue(maxsize=1); small.put("x")
try:
    small.put("y", timeout=0.01)
except queue.Full:
    print("Full", small.full())
try:
    queue.Queue().get(timeout=0.01)
except queue.Empty:
    print("Empty")
try:
    queue.Queue().get_nowait()
except queue.Empty as e:
    print("Empty nowait", repr(e))
try:
    q.task_done()
except ValueError as e:
    print("ValueError:", e)
sq = queue.SimpleQueue(); sq.put(1); sq.put(2); print(sq.get(), sq.qsize(), sq.empty())
