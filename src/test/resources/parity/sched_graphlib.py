import sched, graphlib, time
s = sched.scheduler(time.monotonic, time.sleep)
out = []
s.enter(0.02, 1, out.append, ("b",)); s.enter(0.01, 1, out.append, ("a",)); e = s.enter(0.01, 0, out.append, ("a0",)); s.enter(0.03, 1, lambda **k: out.append(k["obj"]), (), {"obj": "c"})
print(len(s.queue), s.empty()); s.run(); print(out)
ts = graphlib.TopologicalSorter({"d": {"b", "c"}, "b": {"a"}, "c": {"a"}})
print(list(ts.static_order()))
ts2 = graphlib.TopologicalSorter(); ts2.add("x", "y"); ts2.add("y", "x")
try:
    ts2.prepare()
except graphlib.CycleError as e:
    print("CycleError:", e.args[0], sorted(e.args[1]))
ts3 = graphlib.TopologicalSorter({"b": {"a"}, "c": {"a"}}); ts3.prepare(); order = []
while ts3.is_active():
    ready = sorted(ts3.get_ready()); order.append(ready); ts3.done(*ready)
print(order)
