import queue, sched, graphlib, itertools
pq = queue.PriorityQueue()
for item in [(3, "c"), (1, "a"), (2, "b"), (1, "a2")]: pq.put(item)
print([pq.get() for _ in range(pq.qsize())], pq.empty())
lq = queue.LifoQueue(); [lq.put(i) for i in range(3)]; print([lq.get() for _ in range(3)])
q = queue.Queue(maxsize=1); q.put("x")
try:
    q.put("y", block=False)
except queue.Full:
    print("Full", q.full())
q.get(); q.task_done(); q.join()
try:
    q.get_nowait()
except queue.Empty:
    print("Empty")
sq = queue.SimpleQueue(); sq.put(1); print(sq.get(), sq.qsize())
# A simulated clock: delayfunc advances it, so the scheduler runs without real waiting.
now = [0.0]
s = sched.scheduler(timefunc=lambda: now[0], delayfunc=lambda d: now.__setitem__(0, now[0] + d))
order = []
s.enter(2, 1, order.append, ("later",))
s.enter(1, 2, order.append, ("low-pri",))
s.enter(1, 1, order.append, ("high-pri",))
ev = s.enter(3, 1, order.append, ("cancelled",)); s.cancel(ev)
print(len(s.queue), s.empty()); s.run(); print(order, s.empty(), now[0])
ts = graphlib.TopologicalSorter({"app": {"lib", "utils"}, "lib": {"utils"}, "tests": {"app"}})
print(list(ts.static_order()))
ts2 = graphlib.TopologicalSorter(); ts2.add("b", "a"); ts2.add("c", "a"); ts2.add("d", "b", "c"); ts2.prepare()
rounds = []
while ts2.is_active():
    ready = sorted(ts2.get_ready()); rounds.append(ready); ts2.done(*ready)
print(rounds)
try:
    list(graphlib.TopologicalSorter({"a": {"b"}, "b": {"a"}}).static_order())
except graphlib.CycleError as e:
    print("CycleError:", e.args[0], sorted(e.args[1]))
