import pickle, io
class Point:
    def __init__(self, x, y): self.x, self.y = x, y
    def __repr__(self): return f"Point({self.x}, {self.y})"
    def __eq__(self, o): return (self.x, self.y) == (o.x, o.y)
class Conn:
    def __init__(self, host):
        self.host = host; self.socket = object()
    def __getstate__(self):
        s = self.__dict__.copy(); del s["socket"]; return s
    def __setstate__(self, s):
        self.__dict__.update(s); self.socket = "reconnected"
class Slots:
    __slots__ = ("a", "b")
    def __init__(self): self.a = 1; self.b = [2]
class Reduced:
    def __init__(self, *args): self.args = args
    def __reduce__(self): return (Reduced, self.args)
class NewArgs(int):
    def __new__(cls, v, label): o = super().__new__(cls, v); o.label = label; return o
    def __getnewargs__(self): return (int(self), self.label)
for proto in range(2, pickle.HIGHEST_PROTOCOL + 1):
    p = pickle.loads(pickle.dumps(Point(1, 2), protocol=proto))
    c = pickle.loads(pickle.dumps(Conn("db"), protocol=proto))
    s = pickle.loads(pickle.dumps(Slots(), protocol=proto))
    r = pickle.loads(pickle.dumps(Reduced(1, "a"), protocol=proto))
    n = pickle.loads(pickle.dumps(NewArgs(7, "seven"), protocol=proto))
    print(proto, p, c.host, c.socket, s.a, s.b, r.args, n, n.label)
shared = [1, 2]; data = {"a": shared, "b": shared}
back = pickle.loads(pickle.dumps(data)); print(back["a"] is back["b"])
rec = []; rec.append(rec); r2 = pickle.loads(pickle.dumps(rec)); print(r2[0] is r2)
for obj in (lambda: 1, (x for x in ()), open.__self__ if False else None):
    if obj is None: continue
    try:
        pickle.dumps(obj)
    except (pickle.PicklingError, TypeError, AttributeError) as e:
        print(type(e).__name__)
def local_factory():
    class Local: pass
    return Local()
try:
    pickle.dumps(local_factory())
except (AttributeError, pickle.PicklingError) as e:
    print(type(e).__name__)
try:
    pickle.loads(b"not a pickle")
except pickle.UnpicklingError as e:
    print("UnpicklingError", e)
buf = io.BytesIO(); p = pickle.Pickler(buf, 2); p.dump([1, 2]); p.dump("two")
buf.seek(0); u = pickle.Unpickler(buf); print(u.load(), u.load())
print(pickle.dumps((1, "a", 2.5, None, True), protocol=2).hex())
print(pickle.dumps({"k": [1, 2]}, protocol=4).hex())
print(pickle.dumps(Point(3, 4), protocol=0)[:20])
