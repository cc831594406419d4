import copy
class Node:
    def __init__(self, name, children=None):
        self.name = name; self.children = children or []
    def __repr__(self): return f"Node({self.name!r}, {self.children!r})"
tree = Node("root", [Node("a"), Node("b", [Node("c")])])
shallow = copy.copy(tree); deep = copy.deepcopy(tree)
tree.children[1].children.append(Node("d"))
print(shallow.children[1].children, deep.children[1].children, shallow.children is tree.children)
class Tracked:
    def __init__(self, v): self.v = v; self.log = []
    def __copy__(self):
        n = Tracked(self.v); n.log = ["copied"]; return n
    def __deepcopy__(self, memo):
        n = Tracked(copy.deepcopy(self.v, memo)); n.log = ["deep", len(memo)]; return n
t = Tracked([1, [2]])
print(copy.copy(t).log, copy.deepcopy(t).log)
shared = [1, 2]
pair = [shared, shared]
dp = copy.deepcopy(pair)
print(dp[0] is dp[1], dp[0] is shared)
cyc = [1]; cyc.append(cyc)
cc = copy.deepcopy(cyc); print(cc[1] is cc, cc is cyc)
class Slotted:
    __slots__ = ("x", "y")
    def __init__(self, x, y): self.x, self.y = x, y
s2 = copy.deepcopy(Slotted([1], 2)); print(s2.x, s2.y)
class WithState:
    def __init__(self): self.a = 1; self.secret = "s"
    def __getstate__(self): return {"a": self.a}
    def __setstate__(self, st): self.__dict__.update(st); self.restored = True
w = copy.deepcopy(WithState()); print(sorted(vars(w).items()))
class Reduced:
    def __init__(self, a, b): self.a, self.b = a, b
    def __reduce__(self): return (Reduced, (self.b, self.a))
r = copy.copy(Reduced(1, 2)); print(r.a, r.b)
import types
print(copy.deepcopy(len) is len, copy.copy((1, 2)), copy.deepcopy(types.SimpleNamespace(a=[1])))
try:
    copy.deepcopy(iter([1]))
except TypeError as e:
    print("TypeError:", e)
d = {"k": {"n": [1, 2]}}; d2 = copy.deepcopy(d); d2["k"]["n"].append(3); print(d, d2)
print(copy.replace if hasattr(copy, "replace") else "no copy.replace in 3.12")
