import copy, copyreg, pickle
class Vec:
    def __init__(self, x, y): self.x, self.y = x, y
    def __repr__(self): return f"Vec({self.x}, {self.y})"
calls = []
def reduce_vec(v):
    calls.append("reduce"); return (Vec, (v.x, v.y))
copyreg.pickle(Vec, reduce_vec)
v = Vec(1, [2])
c = copy.copy(v); d = copy.deepcopy(v)
print(c, d, c.y is v.y, d.y is v.y, calls)
print(pickle.loads(pickle.dumps(v)), len(calls))
class Tracked:
    def __init__(self, items): self.items = items
    def __copy__(self):
        print("__copy__"); return Tracked(self.items)
    def __deepcopy__(self, memo):
        print("__deepcopy__", type(memo).__name__); return Tracked(copy.deepcopy(self.items, memo))
t = Tracked([[1]]); print(copy.copy(t).items is t.items, copy.deepcopy(t).items[0] is t.items[0])
class S:
    __slots__ = ("a", "b")
s = S(); s.a = [1]
s2 = copy.deepcopy(s); print(s2.a, hasattr(s2, "b"), s2.a is s.a)
a = [1]; box = [a, a, (a,)]
b = copy.deepcopy(box); print(b[0] is b[1], b[2][0] is b[0])
t1 = (1, 2, "x"); print(copy.deepcopy(t1) is t1, copy.copy([1]) == [1])
frozen = (1, [2]); f2 = copy.deepcopy(frozen); print(f2 is frozen, f2[1] is frozen[1])
print(copy.copy(len) is len, copy.deepcopy(Vec) is Vec)
try:
    copy.deepcopy((x for x in ()))
except TypeError as e:
    print("TypeError:", e)
class WithState:
    def __init__(self): self.v = 1
    def __getstate__(self): return {"v": self.v * 10}
    def __setstate__(self, st): self.v = st["v"] + 1
print(copy.copy(WithState()).v, copy.deepcopy(WithState()).v)
print(copyreg.__newobj__.__name__, sorted(k for k in copyreg.dispatch_table if k in (complex, type(None))) if False else type(copyreg.dispatch_table).__name__)
