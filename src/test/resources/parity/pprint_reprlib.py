import pprint, reprlib
data = {"zeta": list(range(12)), "alpha": {"nested": {"deep": [1, 2, {"x": "y" * 30}]}}, "mid": ("t", 1, None)}
pprint.pprint(data)
pprint.pprint(data, width=40, sort_dicts=False)
pprint.pprint(data, depth=2, compact=True)
print(pprint.pformat(list(range(30)), width=50, compact=True))
print(pprint.pformat({"b": 1, "a": 2}), pprint.pformat({"b": 1, "a": 2}, sort_dicts=False))
pprint.pprint(["word " * 12], width=30)
pprint.pprint({"num": 1234567, "s": {"one"}, "fs": frozenset([3])}, underscore_numbers=True)
print(pprint.isreadable({"a": 1}), pprint.isrecursive([]), pprint.saferepr({"k": [1]}))
rec = [1]; rec.append(rec); print(pprint.pformat(rec).split(" with id=")[0])
from dataclasses import dataclass
@dataclass
class D:
    name: str
    values: list
pprint.pprint(D("x" * 20, list(range(20))), width=40)
print(reprlib.repr(list(range(100))), reprlib.repr("a" * 100), reprlib.repr({i: i for i in range(10)}), reprlib.repr(set(range(3))))
r = reprlib.Repr(maxlist=3, maxstring=10); print(r.repr(list(range(10))), r.repr("abcdefghijklmnop"))
class Tree:
    def __init__(self): self.kids = [self]
    @reprlib.recursive_repr()
    def __repr__(self): return f"Tree({self.kids})"
print(Tree())
