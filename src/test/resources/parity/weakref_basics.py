import weakref, gc
class Obj:
    def __init__(self, n): self.n = n
    def __repr__(self): return f"Obj({self.n})"
o = Obj(1)
r = weakref.ref(o)
print(r() is o, r().n, type(r).__name__)
p = weakref.proxy(o)
print(p.n, type(p).__name__)
d = weakref.WeakValueDictionary()
keep = [Obj(i) for i in range(3)]
for k in keep: d[k.n] = k
print(sorted(d.keys()), d.get(1), len(d))
wk = weakref.WeakKeyDictionary()
wk[keep[0]] = "zero"; print(wk[keep[0]], keep[0] in wk)
ws = weakref.WeakSet(keep); print(len(ws), keep[2] in ws)
try:
    weakref.ref(42)
except TypeError as e:
    print("TypeError:", e)
try:
    weakref.ref([1])
except TypeError as e:
    print("TypeError:", e)
class Meth:
    def hello(self): return "hi"
m = Meth(); wm = weakref.WeakMethod(m.hello); print(wm()())
calls = []
f = weakref.finalize(o, calls.append, "finalized")
print(f.alive, f.atexit)
f()
print(calls, f.alive, f() is None)
